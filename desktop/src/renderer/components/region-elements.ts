// The DOM pieces of the region layer (see region-layer.ts): one region template cloned per line,
// its label and its two resize handles, styled inline so the layer needs no stylesheet.

const REGION_COLOR = 'rgba(37, 99, 235, 0.18)';
const SELECTED_COLOR = 'rgba(234, 88, 12, 0.32)';
const UNTIMED_BACKGROUND =
  'repeating-linear-gradient(135deg, rgba(217, 119, 6, 0.28) 0 6px, rgba(217, 119, 6, 0.08) 6px 12px)';
/** Hatched when untimed, orange when selected, else blue. */
export function regionBackground(untimed: boolean, selected: boolean): string {
  return untimed ? UNTIMED_BACKGROUND : selected ? SELECTED_COLOR : REGION_COLOR;
}

/** A div as tall as the waveform, absolutely placed, with `styles` on top. */
function fullHeight(styles: Partial<CSSStyleDeclaration>): HTMLDivElement {
  const element = document.createElement('div');
  Object.assign(element.style, { position: 'absolute', top: '0', height: '100%', ...styles });
  return element;
}

export function regionTemplate(): HTMLDivElement {
  return fullHeight({
    minWidth: '1px',
    boxSizing: 'border-box',
    borderRadius: '2px',
    cursor: 'grab',
    pointerEvents: 'auto',
    touchAction: 'none',
  });
}

export function labelElement(): HTMLSpanElement {
  const element = document.createElement('span');
  element.setAttribute('part', 'region-label');
  Object.assign(element.style, {
    position: 'absolute',
    top: '2px',
    left: '4px',
    right: '4px',
    font: '600 11px/1.2 system-ui, sans-serif',
    color: '#1e293b',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'clip',
    pointerEvents: 'none',
  });
  return element;
}

export function handle(side: 'left' | 'right'): HTMLDivElement {
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
