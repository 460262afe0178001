// One region per transcript line over the wavesurfer waveform: a single absolutely positioned
// layer inside wavesurfer's wrapper (which is as wide as the zoomed waveform), one element per
// line positioned in percent of the recording, and one set of pointer listeners on the layer
// for every region (event delegation).
//
// Why not wavesurfer's regions plugin: per region it builds listeners, signals and a gesture
// scope (about 0.1 ms each, so 700 lines took 70–100 ms), and it attaches each region in its
// own timer that reads the waveform width, so the browser laid the page out once per region
// after every open (about 0.5 s for 700 lines) and again per region on every zoom or scroll.
// Here the elements are created in one fragment, never detached on zoom or scroll, and the
// width is read once per gesture.

import { handle, labelElement, regionBackground, regionTemplate } from './region-elements.ts';

export type RegionSpan = {
  readonly id: number;
  readonly start: number;
  readonly end: number;
  /** "3 ANNA": drawn in the region. */
  readonly label: string;
  /** The line has no times yet: drawn hatched at a suggested place, to be dragged into place. */
  readonly untimed: boolean;
};

export type Edge = 'start' | 'end';

export type RegionLayerEvents = {
  /** A region was dragged or one of its edges moved; times in seconds. */
  readonly onChange: (id: number, start: number, end: number) => void;
  /** A region was clicked without being dragged, at `seconds` into the recording. */
  readonly onSelect: (id: number, seconds: number) => void;
  /** An edge handle was pressed: that boundary becomes the one the nudge keys move. */
  readonly onEdge: (id: number, edge: Edge) => void;
};

/** Pointer travel (px) below which a press on a region is a click, not a drag. */
const DRAG_THRESHOLD_PX = 3;

type Entry = {
  start: number;
  end: number;
  label: string;
  untimed: boolean;
  element: HTMLDivElement;
  text: HTMLSpanElement;
};
type Gesture = {
  readonly id: number;
  readonly mode: 'move' | 'start' | 'end';
  readonly pointerId: number;
  readonly x: number;
  readonly secondsPerPx: number;
  readonly start: number;
  readonly end: number;
  moved: boolean;
};

export class RegionLayer {
  readonly element: HTMLDivElement;
  #duration: number;
  #entries = new Map<number, Entry>();
  #selected: number | null = null;
  #allHandles = false;
  #gesture: Gesture | null = null;
  #template = regionTemplate();
  #events: RegionLayerEvents;

  /** `rulerHeight`: pixels at the bottom of `host` taken by the time ruler, left uncovered. */
  constructor(host: HTMLElement, duration: number, events: RegionLayerEvents, rulerHeight = 0) {
    this.#duration = duration > 0 ? duration : 1;
    this.#events = events;
    const layer = document.createElement('div');
    layer.setAttribute('part', 'regions-container');
    Object.assign(layer.style, {
      position: 'absolute',
      inset: `0 0 ${rulerHeight}px 0`,
      zIndex: '5',
      pointerEvents: 'none',
    });
    layer.addEventListener('pointerdown', this.#onPointerDown);
    layer.addEventListener('pointermove', this.#onPointerMove);
    layer.addEventListener('pointerup', this.#onPointerUp);
    layer.addEventListener('pointercancel', this.#onPointerCancel);
    // A press on a region must not also seek the waveform underneath.
    layer.addEventListener('click', (event) => event.stopPropagation());
    layer.addEventListener('dblclick', (event) => event.stopPropagation());
    host.appendChild(layer);
    this.element = layer;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The span of a region, or undefined. */
  span(id: number): { start: number; end: number } | undefined {
    const entry = this.#entries.get(id);
    return entry ? { start: entry.start, end: entry.end } : undefined;
  }

  /**
   * Handles on every region (when the waveform is zoomed in far enough to grab them) or on the
   * selected one only.
   */
  showAllHandles(on: boolean): void {
    if (on === this.#allHandles) return;
    this.#allHandles = on;
    for (const [id, entry] of this.#entries) this.#decorate(id, entry);
  }

  /**
   * Makes the layer show exactly `spans` (in any order), with `selected` highlighted and given
   * resize handles. New regions are created in one fragment; existing ones are updated in place.
   * A region being dragged keeps the position under the pointer.
   */
  set(spans: readonly RegionSpan[], selected: number | null): void {
    const fresh = document.createDocumentFragment();
    const seen = new Set<number>();
    for (const span of spans) {
      seen.add(span.id);
      const entry = this.#entries.get(span.id);
      if (!entry) {
        const element = this.#template.cloneNode() as HTMLDivElement;
        element.dataset.line = String(span.id);
        const text = labelElement();
        element.appendChild(text);
        const created: Entry = { ...span, element, text };
        this.#place(created);
        this.#paint(created);
        this.#entries.set(span.id, created);
        this.#decorate(span.id, created);
        fresh.appendChild(element);
        continue;
      }
      if (this.#gesture?.id !== span.id && (entry.start !== span.start || entry.end !== span.end)) {
        entry.start = span.start;
        entry.end = span.end;
        this.#place(entry);
      }
      if (entry.label !== span.label || entry.untimed !== span.untimed) {
        entry.label = span.label;
        entry.untimed = span.untimed;
        this.#paint(entry);
      }
    }
    for (const [id, entry] of this.#entries) {
      if (seen.has(id)) continue;
      entry.element.remove();
      this.#entries.delete(id);
      if (this.#selected === id) this.#selected = null;
    }
    if (fresh.childNodes.length > 0) this.element.appendChild(fresh);
    this.#select(selected);
  }

  destroy(): void {
    this.element.remove();
    this.#entries.clear();
    this.#gesture = null;
  }

  /** Label, colour and the `part` names tests and styles select by. */
  #paint(entry: Entry): void {
    const { element } = entry;
    const id = element.dataset.line ?? '';
    element.setAttribute('part', `region line-${id}${entry.untimed ? ' untimed' : ''}`);
    element.dataset.untimed = String(entry.untimed);
    entry.text.textContent = entry.untimed ? `${entry.label} · untimed` : entry.label;
    element.title = entry.text.textContent;
    const selected = this.#selected === Number(id);
    element.style.background = regionBackground(entry.untimed, selected);
    element.style.border = entry.untimed ? '1px dashed #b45309' : '';
    element.style.outline = entry.untimed && selected ? '2px solid #ea580c' : '';
  }

  /** Handles on the selected region, or on all of them when zoomed in enough. */
  #decorate(id: number, entry: Entry): void {
    const wanted = this.#allHandles || this.#selected === id;
    const has = entry.element.querySelector('[data-edge]') !== null;
    if (wanted && !has) entry.element.append(handle('left'), handle('right'));
    if (!wanted && has) {
      for (const h of entry.element.querySelectorAll('[data-edge]')) h.remove();
    }
  }

  #place(entry: Entry): void {
    const style = entry.element.style;
    style.left = `${(entry.start / this.#duration) * 100}%`;
    style.width = `${(Math.max(0, entry.end - entry.start) / this.#duration) * 100}%`;
  }

  #select(id: number | null): void {
    const next = id !== null && this.#entries.has(id) ? id : null;
    if (next === this.#selected) return;
    const previousId = this.#selected;
    const previous = previousId === null ? undefined : this.#entries.get(previousId);
    this.#selected = next;
    if (previous && previousId !== null) {
      previous.element.style.zIndex = '';
      this.#paint(previous);
      this.#decorate(previousId, previous);
    }
    const current = next === null ? undefined : this.#entries.get(next);
    if (current && next !== null) {
      current.element.style.zIndex = '1';
      this.#paint(current);
      this.#decorate(next, current);
    }
  }

  readonly #onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0 || this.#gesture) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    const region = target?.closest<HTMLElement>('[data-line]');
    const id = Number(region?.dataset.line);
    const entry = this.#entries.get(id);
    if (!region || !entry) return;
    event.stopPropagation();
    event.preventDefault();
    const edge = target?.dataset.edge;
    const width = this.element.getBoundingClientRect().width;
    this.#gesture = {
      id,
      mode: edge === 'start' || edge === 'end' ? edge : 'move',
      pointerId: event.pointerId,
      x: event.clientX,
      secondsPerPx: width > 0 ? this.#duration / width : 0,
      start: entry.start,
      end: entry.end,
      moved: false,
    };
    region.setPointerCapture?.(event.pointerId);
    if (this.#gesture.mode === 'move') region.style.cursor = 'grabbing';
    else this.#events.onEdge(id, this.#gesture.mode);
  };

  readonly #onPointerMove = (event: PointerEvent): void => {
    const gesture = this.#gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    const dx = event.clientX - gesture.x;
    if (!gesture.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    gesture.moved = true;
    const entry = this.#entries.get(gesture.id);
    if (!entry) return;
    const delta = dx * gesture.secondsPerPx;
    const duration = this.#duration;
    if (gesture.mode === 'move') {
      const length = gesture.end - gesture.start;
      const start = Math.min(Math.max(0, gesture.start + delta), duration - length);
      entry.start = start;
      entry.end = start + length;
    } else if (gesture.mode === 'start') {
      entry.start = Math.min(Math.max(0, gesture.start + delta), gesture.end);
    } else {
      entry.end = Math.max(Math.min(duration, gesture.end + delta), gesture.start);
    }
    this.#place(entry);
  };

  readonly #onPointerUp = (event: PointerEvent): void => {
    const gesture = this.#gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    this.#gesture = null;
    const entry = this.#entries.get(gesture.id);
    if (!entry) return;
    entry.element.style.cursor = 'grab';
    if (gesture.moved) {
      this.#events.onChange(gesture.id, entry.start, entry.end);
      return;
    }
    // A click inside a region puts the playhead where it fell (so Split has a place to cut).
    const rect = this.element.getBoundingClientRect();
    const fraction = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0;
    this.#events.onSelect(
      gesture.id,
      Math.min(this.#duration, Math.max(0, fraction * this.#duration)),
    );
  };

  readonly #onPointerCancel = (event: PointerEvent): void => {
    const gesture = this.#gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    this.#gesture = null;
    const entry = this.#entries.get(gesture.id);
    if (!entry) return;
    // Nothing was decided: back to where the press began.
    entry.start = gesture.start;
    entry.end = gesture.end;
    entry.element.style.cursor = 'grab';
    this.#place(entry);
  };
}
