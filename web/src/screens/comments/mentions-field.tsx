import type { ApiError } from '../../api/client';
import { Field } from '../../components/form';
import type { MemberChoice } from './comments-api';

/**
 * Who to mention: e-mail addresses or user IDs of the workspace's members, separated by
 * commas, with the members offered as suggestions. The API names a refused entry as
 * `mentions[i]`; those messages are listed by the form's error notice.
 */
export function MentionsField({ value, onValue, members, error }: { value: string; onValue: (value: string) => void; members: readonly MemberChoice[]; error?: ApiError | undefined }) {
  return (
    <Field label="Mention (e-mail addresses, separated by commas)" field="mentions" error={error} hint="Each person mentioned is told about the comment.">
      {(id, describedBy, invalid) => (
        <>
          <input
            type="text"
            id={id}
            name="mentions"
            list={`${id}-members`}
            value={value}
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
          />
          <datalist id={`${id}-members`}>
            {members.map((m) => (
              <option key={m.userId} value={m.email}>
                {m.name}
              </option>
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
