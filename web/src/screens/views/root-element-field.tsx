import { useEffect, useId, useState } from 'preact/hooks';
import type { ApiError } from '../../api/client';
import { Field } from '../../components/form';
import { useLoad } from '../../components/use-load';
import { type ElementSummary, elementsApi } from './views-api';

const searchLimit = 50;

/**
 * What a view shows (part 1: without a root, the top-level elements; with a
 * root, its children inside a frame): a choice between the two, and for a
 * root an element found by name. The API's message for `rootElementId` shows
 * beside the picker.
 */
export function RootElementField({
  projectId,
  value,
  onValue,
  onScope,
  error,
}: {
  projectId: string;
  value: string | null;
  onValue: (rootElementId: string | null) => void;
  /** Told whether the person chose "inside one element", so a form can ask for the element before sending. */
  onScope: (insideElement: boolean) => void;
  error: ApiError | undefined;
}) {
  const id = useId();
  const [insideElement, setInsideElement] = useState(value !== null);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useLoad((signal) => (insideElement ? elementsApi.search(projectId, debounced, searchLimit, signal) : Promise.resolve(null)), [projectId, debounced, insideElement]);
  // The chosen element stays in the list even when the search no longer finds it.
  const chosen = useLoad((signal) => (value === null ? Promise.resolve(null) : elementsApi.get(projectId, value, signal).catch(() => null)), [projectId, value]);
  const items: ElementSummary[] = [...(found.data?.items ?? [])];
  if (chosen.data && !items.some((e) => e.id === chosen.data!.id)) items.unshift(chosen.data);

  const choose = (inside: boolean) => {
    setInsideElement(inside);
    onScope(inside);
    if (!inside) onValue(null);
  };

  return (
    <fieldset class="root-choice">
      <legend>What the view shows</legend>
      <label class="choice">
        <input type="radio" name={`${id}-scope`} checked={!insideElement} onChange={() => choose(false)} /> The top-level elements (a landscape)
      </label>
      <label class="choice">
        <input type="radio" name={`${id}-scope`} checked={insideElement} onChange={() => choose(true)} /> The elements inside one element (framed by it)
      </label>
      {insideElement ? (
        <div class="root-picker">
          <div class="field">
            <label for={`${id}-search`}>Find an element by name</label>
            <input id={`${id}-search`} type="search" value={search} onInput={(e) => setSearch((e.currentTarget as HTMLInputElement).value)} autoComplete="off" />
          </div>
          <Field
            label="Root element"
            field="rootElementId"
            error={error}
            hint={found.error ? `Elements could not be read: ${found.error.problem.title}` : found.data && found.data.total > searchLimit ? `The first ${searchLimit} of ${found.data.total}: type more of the name to narrow them.` : undefined}
          >
            {(fieldId, describedBy, invalid) => (
              <select
                id={fieldId}
                name="rootElementId"
                value={value ?? ''}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                onChange={(e) => {
                  const picked = (e.currentTarget as HTMLSelectElement).value;
                  onValue(picked === '' ? null : picked);
                }}
              >
                <option value="">{found.loading ? 'Looking for elements…' : items.length === 0 ? 'No element found' : 'Choose an element'}</option>
                {items.map((element) => (
                  <option key={element.id} value={element.id}>
                    {element.name} ({element.kind})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}
