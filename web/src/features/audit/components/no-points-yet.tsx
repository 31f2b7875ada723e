import { Link } from 'react-router-dom';
import './no-points-yet.css';

/** No award yet: what earns points (the rules, version 1), and where to go to earn some. */
export const NoPointsYet = () => (
  <section className="panel no-points" aria-labelledby="no-points-title" data-testid="audit-empty">
    <h2 id="no-points-title" className="panel__title">
      No points yet
    </h2>
    <p className="no-points__lead">
      Every point you earn is recorded as an event and shows up here, with the rule that gave it and a running total. You earn points by completing things:
    </p>
    <ul className="no-points__rules">
      <li>
        <strong>Subtasks, tasks and goals</strong>: 5, 10 and 25 points × (6 − priority), so priority 1 pays most.
      </li>
      <li>
        <strong>Actionables</strong>: 10 × their weight (or the points you set), half when completed after the deadline's day.
      </li>
      <li>
        <strong>Habits</strong>: 10 × weight on the first day of a streak, one weight more each day the streak grows, up to 20 × weight.
      </li>
    </ul>
    <p className="no-points__lead">Reopening something takes its points back; that shows here too.</p>
    <nav className="no-points__links" aria-label="Earn points">
      <Link to="/goals" className="button button--primary button--small">
        Go to goals
      </Link>
      <Link to="/actionables" className="button button--secondary button--small">
        Go to actionables
      </Link>
      <Link to="/habits" className="button button--secondary button--small">
        Go to habits
      </Link>
    </nav>
  </section>
);
