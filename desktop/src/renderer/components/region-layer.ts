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

export type RegionSpan = { readonly id: number; readonly start: number; readonly end: number };

export type RegionLayerEvents = {
  /** A region was dragged or one of its edges moved; times in seconds. */
  readonly onChange: (id: number, start: number, end: number) => void;
  /** A region was clicked without being dragged. */
  readonly onSelect: (id: number) => void;
};

export const REGION_COLOR = 'rgba(37, 99, 235, 0.18)';
export const SELECTED_COLOR = 'rgba(234, 88, 12, 0.32)';
/** Pointer travel (px) below which a press on a region is a click, not a drag. */
const DRAG_THRESHOLD_PX = 3;

type Entry = { start: number; end: number; element: HTMLDivElement };
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

/** A div as tall as the waveform, absolutely placed, with `styles` on top. */
function fullHeight(styles: Partial<CSSStyleDeclaration>): HTMLDivElement {
  const element = document.createElement('div');
  Object.assign(element.style, { position: 'absolute', top: '0', height: '100%', ...styles });
  return element;
}

function regionTemplate(): HTMLDivElement {
  return fullHeight({
    minWidth: '1px',
    boxSizing: 'border-box',
    borderRadius: '2px',
    cursor: 'grab',
    pointerEvents: 'auto',
    touchAction: 'none',
  });
}

function handle(side: 'left' | 'right'): HTMLDivElement {
  const element = fullHeight({
    width: '6px',
    zIndex: '2',
    cursor: 'ew-resize',
    [side]: '0',
    [side === 'left' ? 'borderLeft' : 'borderRight']: '2px solid rgba(0, 0, 0, 0.5)',
  });
  element.setAttribute('part', `region-handle region-handle-${side}`);
  element.dataset.edge = side === 'left' ? 'start' : 'end';
  return element;
}

export class RegionLayer {
  readonly element: HTMLDivElement;
  #duration: number;
  #entries = new Map<number, Entry>();
  #selected: number | null = null;
  #gesture: Gesture | null = null;
  #template = regionTemplate();
  #events: RegionLayerEvents;

  constructor(host: HTMLElement, duration: number, events: RegionLayerEvents) {
    this.#duration = duration > 0 ? duration : 1;
    this.#events = events;
    const layer = document.createElement('div');
    layer.setAttribute('part', 'regions-container');
    Object.assign(layer.style, {
      position: 'absolute',
      inset: '0',
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
        element.setAttribute('part', `region line-${span.id}`);
        element.dataset.line = String(span.id);
        const created = { start: span.start, end: span.end, element };
        this.#place(created);
        element.style.backgroundColor = REGION_COLOR;
        this.#entries.set(span.id, created);
        fresh.appendChild(element);
      } else if (
        this.#gesture?.id !== span.id &&
        (entry.start !== span.start || entry.end !== span.end)
      ) {
        entry.start = span.start;
        entry.end = span.end;
        this.#place(entry);
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

  #place(entry: Entry): void {
    const style = entry.element.style;
    style.left = `${(entry.start / this.#duration) * 100}%`;
    style.width = `${(Math.max(0, entry.end - entry.start) / this.#duration) * 100}%`;
  }

  #select(id: number | null): void {
    const next = id !== null && this.#entries.has(id) ? id : null;
    if (next === this.#selected) return;
    const previous = this.#selected === null ? undefined : this.#entries.get(this.#selected);
    if (previous) {
      previous.element.style.backgroundColor = REGION_COLOR;
      previous.element.style.zIndex = '';
      previous.element.replaceChildren();
    }
    this.#selected = next;
    const current = next === null ? undefined : this.#entries.get(next);
    if (current) {
      current.element.style.backgroundColor = SELECTED_COLOR;
      current.element.style.zIndex = '1';
      current.element.replaceChildren(handle('left'), handle('right'));
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
    if (gesture.moved) this.#events.onChange(gesture.id, entry.start, entry.end);
    else this.#events.onSelect(gesture.id);
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
