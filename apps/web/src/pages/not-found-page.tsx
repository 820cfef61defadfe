import { Link } from 'react-router-dom';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        This page does not exist. <Link to="/">Back to the overview</Link>.
      </p>
    </section>
  );
}
