import { Link, useNavigate } from 'react-router-dom';
import { Brand } from '../../../components/layouts/brand.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import { START_PATH } from '../hooks/use-redirect-after-sign-in.ts';
import dashboardShot from '../assets/dashboard.webp';
import './welcome.css';

const features = [
  { title: 'Goals → tasks → subtasks', text: 'Split a big goal into tasks and the tasks into subtasks; its progress fills as you finish them.' },
  { title: 'To-dos', text: 'One-off things with a deadline and a weight: the heavier the to-do, the more it earns.' },
  { title: 'Habits with streaks', text: 'Every day, on chosen weekdays or once a month. Each time in a row grows the streak, and the points with it.' },
  { title: 'Points', text: 'Everything you finish earns points, counted by day, week and month, on a chart and a year heatmap.' },
  { title: 'An audit that proves every point', text: 'Your points, checked against every action you took: each award with what earned it.' },
] as const;

/**
 * The public page at / (a visitor signed in as it opens goes to the dashboard): what the product is,
 * one picture of it, and the account form right here, so a stranger is a user in four steps. A new
 * account goes on to the start (a first habit and goal).
 */
export const WelcomeRoute = () => {
  const navigate = useNavigate();
  return (
    <div className="welcome">
      <title>Points Tracker · Goals, habits and to-dos that earn points</title>
      <a className="skip-link" href="#sign-up">
        Skip to sign-up
      </a>
      <header className="welcome__bar">
        <Brand />
        <nav aria-label="Account">
          <Link className="button button--secondary button--small" to="/login">
            Log in
          </Link>
        </nav>
      </header>
      <main className="welcome__main">
        <section className="welcome__hero" aria-labelledby="welcome-title">
          <div className="welcome__pitch">
            <p className="welcome__eyebrow">A personal tracker for goals, to-dos and habits</p>
            <h1 id="welcome-title" className="welcome__title">
              Track goals, habits and to-dos. Earn points for every step.
            </h1>
            <p className="welcome__lead">
              Break a goal into tasks and subtasks, tick off to-dos, keep habits going with streaks — and see every point you earn, with an audit that shows
              where each one came from.
            </p>
            <ul className="welcome__facts" aria-label="In short">
              <li>Free, in your browser</li>
              <li>First habit in under a minute</li>
              <li>Your days, in your time zone</li>
            </ul>
          </div>
          <section id="sign-up" className="panel welcome__signup" aria-labelledby="sign-up-title" tabIndex={-1}>
            <h2 id="sign-up-title" className="welcome__signup-title">
              Create your account
            </h2>
            <RegisterForm onRegistered={() => navigate(START_PATH, { replace: true })} />
            <p className="welcome__signin">
              Already have an account? <Link to="/login">Log in</Link>
            </p>
          </section>
        </section>

        <section className="welcome__features" aria-labelledby="features-title">
          <h2 id="features-title" className="welcome__section-title">
            What you can do with it
          </h2>
          <ul className="welcome__grid">
            {features.map((feature) => (
              <li key={feature.title} className="welcome__feature">
                <h3 className="welcome__feature-title">{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <figure className="welcome__shot">
          <img
            src={dashboardShot}
            width={1200}
            height={1130}
            loading="lazy"
            decoding="async"
            alt="The dashboard: points today, this week and in total with a five-day streak; today's to-dos and habits, each with a Complete button; a summary of the week; recent activity and a chart of points per day."
          />
          <figcaption>The dashboard after a week: today's list, points and streaks at a glance.</figcaption>
        </figure>
      </main>
      <footer className="welcome__footer">
        <p>
          Points Tracker · <Link to="/register">Create an account</Link> · <Link to="/login">Log in</Link>
        </p>
      </footer>
    </div>
  );
};
