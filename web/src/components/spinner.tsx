export function Spinner({ label, centred = false }: { label: string; centred?: boolean }) {
  return (
    <div
      className={centred ? 'spinner-wrap spinner-centred' : 'spinner-wrap'}
      role="status"
      aria-live="polite"
    >
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
