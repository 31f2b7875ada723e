import './route-loading.css';

/**
 * Shown while the first screen's code downloads (later navigations keep the current page until the
 * next one's code is in). Invisible for the first moments, so a fast load does not flash a spinner.
 */
export const RouteLoading = () => (
  <div className="splash route-loading" role="status" aria-label="Loading">
    <span className="spinner spinner--dark spinner--large" aria-hidden="true" />
  </div>
);
