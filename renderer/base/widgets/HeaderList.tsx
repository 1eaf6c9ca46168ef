/** HTTP headers as name/value pairs (already masked where they hold secrets). */
export function HeaderList({ headers, label }: { headers: Readonly<Record<string, string>>; label?: string }) {
  return (
    <dl className="headers" aria-label={label}>
      {Object.entries(headers).map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
