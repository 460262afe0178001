import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<Id extends string> = {
  readonly id: Id;
  readonly label: string;
  readonly disabled?: boolean;
};

/**
 * ARIA tabs: arrow keys, Home and End move between enabled tabs; only the active tab is in
 * the tab order; the panel is labelled by its tab.
 */
export function Tabs<Id extends string>({
  tabs,
  active,
  onChange,
  label,
  children,
}: {
  tabs: readonly TabItem<Id>[];
  active: Id;
  onChange: (id: Id) => void;
  label: string;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const enabled = tabs.filter((tab) => !tab.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((tab) => tab.id === active);
    let next: TabItem<Id> | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next.id);
    refs.current.get(next.id)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel`}
            aria-selected={tab.id === active}
            tabIndex={tab.id === active ? 0 : -1}
            disabled={tab.disabled}
            className="tab"
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
        className="tabpanel"
      >
        {children}
      </div>
    </div>
  );
}
