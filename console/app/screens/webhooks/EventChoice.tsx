/**
 * The events a subscription receives, as checkboxes: the same choice when a subscription is created and
 * when it is edited. `problem` (none chosen) is announced and tied to the group.
 */
import { EVENT_TYPES, type EventType } from '../../../../domain/events.js';

export function EventChoice({
  id,
  events,
  onChange,
  problem,
}: {
  /** The form's id prefix: the problem's element is `${id}-events-error`. */
  id: string;
  events: readonly EventType[];
  onChange: (events: EventType[]) => void;
  problem: string | null;
}) {
  return (
    <fieldset aria-describedby={problem ? `${id}-events-error` : undefined}>
      <legend>Events</legend>
      {problem && (
        <p id={`${id}-events-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="checkbox-grid">
        {EVENT_TYPES.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                onChange(event.target.checked ? [...events, type] : events.filter((e) => e !== type))
              }
            />
            {type}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
