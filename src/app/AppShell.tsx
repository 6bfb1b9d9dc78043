import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, Outlet } from 'react-router';
import { billing, flags, routing, session } from '../../domain/index.js';
import { logout } from '../../infrastructure/store/commands';
import { useAppDispatch, useAppSelector, useAppStore } from '../../infrastructure/store/hooks';
import { Dialogs } from '../components/Dialogs';
import { Toasts } from '../components/Toasts';
import { LOCALES, hasCatalogue } from '../i18n/locales';
import { useLocale } from './locale';

const downloadText = (text: string, filename: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

type Theme = 'dark' | 'light';

export const AppShell = () => {
  const intl = useIntl();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => session.selectUser(s.session));
  const coins = useAppSelector((s) => billing.selectCoinBalance(s.billing));
  const chatEnabled = useAppSelector((s) => flags.selectCharacterChatEnabled(s.flags));
  const { locale, changeLocale, to } = useLocale();
  // A locale without a catalogue of its own (reached by its /ko/... address) is offered too, by its own name.
  const languages = hasCatalogue(locale)
    ? LOCALES
    : [
        ...LOCALES,
        { code: locale, label: new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale },
      ];
  const [theme, setTheme] = useState<Theme>(() =>
    localStorage.getItem('theme') === 'light' ? 'light' : 'dark',
  );
  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
    localStorage.setItem('theme', theme);
  }, [theme]);

  const exportLog = () => {
    const now = Date.now();
    downloadText(
      store.recorder.toJsonLines(now),
      `atelier-events-${new Date(now).toISOString().replace(/[:.]/g, '-')}.jsonl`,
    );
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <header className="topbar">
        <Link to={to('/')} className="brand" aria-label={intl.formatMessage({ id: 'app.name' })}>
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          <span className="brand-name">
            <FormattedMessage id="app.name" />
          </span>
        </Link>
        <nav className="topnav" aria-label="primary">
          <NavLink to={to('/create')} className={({ isActive }) => (isActive ? 'active' : '')}>
            <FormattedMessage id="nav.create" />
          </NavLink>
          <NavLink to={to('/explore')} className={({ isActive }) => (isActive ? 'active' : '')}>
            <FormattedMessage id="nav.explore" />
          </NavLink>
          {chatEnabled && (
            <NavLink
              to={to('/chat')}
              className={({ isActive }) => (isActive ? 'active' : '')}
              data-testid="nav-chat"
            >
              <FormattedMessage id="nav.chat" />
            </NavLink>
          )}
        </nav>
        <div className="topbar-tools">
          {coins !== null && (
            <span
              className="coin-pill"
              data-testid="coin-balance"
              aria-label={intl.formatMessage({ id: 'header.coinsLabel' })}
            >
              <span className="coin-dot" aria-hidden="true" />
              <FormattedMessage id="header.coins" values={{ coins }} />
            </span>
          )}
          <button type="button" className="ghost" onClick={exportLog} data-testid="download-log">
            <FormattedMessage id="header.downloadLog" />
          </button>
          <label className="select-label">
            <span className="visually-hidden">
              <FormattedMessage id="header.language" />
            </span>
            <select
              value={locale}
              onChange={(e) => {
                const next = routing.normalizeLocale(e.target.value);
                if (next !== null) changeLocale(next);
              }}
            >
              {languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="ghost icon"
            aria-label={intl.formatMessage({ id: 'header.theme' })}
            title={intl.formatMessage({ id: theme === 'dark' ? 'header.theme.light' : 'header.theme.dark' })}
            onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
          >
            {theme === 'dark' ? '☀' : '☾'}
          </button>
          {user ? (
            <span className="account">
              <span className="avatar" aria-hidden="true">
                {user.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="account-name" data-testid="account-name">
                {user.name}
              </span>
              <button type="button" className="ghost" onClick={() => dispatch(logout({}))}>
                <FormattedMessage id="header.signOut" />
              </button>
            </span>
          ) : (
            <Link to={to('/login')} className="button primary small" data-testid="sign-in">
              <FormattedMessage id="header.signIn" />
            </Link>
          )}
        </div>
      </header>
      <main id="main" className="content">
        <Outlet />
      </main>
      <Toasts />
      <Dialogs />
    </div>
  );
};
