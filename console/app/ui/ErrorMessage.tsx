import { ApiRequestError } from '../../client/index.js';

/**
 * A refusal as the API sent it: its message, word for word, and the field problems of a 400. Anything
 * else (the network, a bug) says so plainly. role="alert": a screen reader announces it at once.
 */
export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  if (error instanceof ApiRequestError) {
    return (
      <div role="alert" className="error-message">
        {title && <strong>{title}: </strong>}
        {error.message}
        {error.details && error.details.length > 0 && (
          <ul>
            {error.details.map((detail, index) => (
              <li key={index}>
                <code>{detail.path}</code> {detail.message}
              </li>
            ))}
          </ul>
        )}
        {error.requestId && <small className="request-id">Request {error.requestId}</small>}
      </div>
    );
  }
  const message =
    error instanceof TypeError
      ? 'The API could not be reached. Check the connection and try again.'
      : String(error);
  return (
    <div role="alert" className="error-message">
      {title && <strong>{title}: </strong>}
      {message}
    </div>
  );
}
