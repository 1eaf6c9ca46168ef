import { useState } from 'react';
import { MAX_ATTRIBUTE_COLUMNS } from '../../../features/capture/common/capture-events.ts';
import { useEventsUi } from './events-ui.ts';

/** The attribute columns shown beside the key fields: added by name, taken away one by one, remembered. */
export function AttributeColumns() {
  const { attributes, addAttribute, removeAttribute } = useEventsUi();
  const [name, setName] = useState('');
  const add = () => {
    const trimmed = name.trim().replace(/^attributes\./, '');
    if (trimmed === '') return;
    addAttribute(trimmed);
    setName('');
  };
  return (
    <div className="attribute-columns" role="group" aria-label="Attribute columns">
      {attributes.map((attribute) => (
        <span key={attribute} className="attribute-chip">
          {attribute}
          <button type="button" className="link" aria-label={`Remove the ${attribute} column`} onClick={() => removeAttribute(attribute)}>
            ×
          </button>
        </span>
      ))}
      {attributes.length < MAX_ATTRIBUTE_COLUMNS && (
        <form
          onSubmit={(submit) => {
            submit.preventDefault();
            add();
          }}
        >
          <input
            type="text"
            aria-label="Attribute column"
            placeholder="attribute"
            value={name}
            onChange={(change) => setName(change.target.value)}
            spellCheck={false}
            size={10}
          />
          <button type="submit" className="small" disabled={name.trim() === ''}>
            Add column
          </button>
        </form>
      )}
    </div>
  );
}
