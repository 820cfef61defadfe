import type { KnowledgeDefinition } from '@nlq/contracts';
import { definitionMeaning, definitionName } from '../lib/knowledge';

export interface DefinitionsTableProps {
  items: KnowledgeDefinition[];
  /** Id of the definition whose versions are shown, or null. */
  selected: string | null;
  /** Shows "Edit" on each row (admins). */
  admin: boolean;
  /** Called with the id to select, or null to deselect the selected one. */
  onSelect(id: string | null): void;
  onEdit(id: string): void;
}

/** The definitions table of the knowledge page: kind, name (selects), synonyms, meaning, version and Edit. */
export function DefinitionsTable(props: DefinitionsTableProps) {
  return (
    <div className="table-wrap">
      <table className="data" data-testid="definitions-table">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Name</th>
            <th scope="col">Synonyms</th>
            <th scope="col">Expression / condition / target / text</th>
            <th scope="col">Version</th>
            <th scope="col">
              <span className="sr-only">Edit</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.items.map((d) => (
            <DefinitionRow
              key={d.id}
              definition={d}
              selected={props.selected}
              admin={props.admin}
              onSelect={props.onSelect}
              onEdit={props.onEdit}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One definition; its name toggles the selection. Synonyms are blank for kinds that have none. */
function DefinitionRow({
  definition: d,
  selected,
  admin,
  onSelect,
  onEdit,
}: Omit<DefinitionsTableProps, 'items'> & { definition: KnowledgeDefinition }) {
  return (
    <tr
      data-testid="definition-row"
      className={d.id === selected ? 'selected' : undefined}
      aria-selected={d.id === selected}
    >
      <td>{d.kind}</td>
      <td>
        <button
          type="button"
          className="link"
          onClick={() => onSelect(d.id === selected ? null : d.id)}
          data-testid="definition-select"
        >
          {definitionName(d)}
        </button>
      </td>
      <td>
        {d.kind === 'instruction' || d.kind === 'description' || d.kind === 'relationship' ? '' : d.synonyms.join(', ')}
      </td>
      <td>
        <code>{definitionMeaning(d)}</code>
      </td>
      <td className="num" data-testid="definition-version-number">
        v{d.version}
      </td>
      <td>
        {admin && (
          <button type="button" className="secondary small" onClick={() => onEdit(d.id)} data-testid="definition-edit">
            Edit
          </button>
        )}
      </td>
    </tr>
  );
}
