/**
 * The frame of every page: a header with the product's areas (a menu on small screens), the coin
 * balance, language, theme and the account menu; the page; the toasts and dialogs of spec §8.
 * Works from 320 px up with nothing off-screen.
 */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation, useNavigate, useNavigation } from 'react-router';
import { preferences, routing } from '../../../domain/index.js';
import { chooseTheme, exportEventLog, rememberLanguage } from '../../../infrastructure/preferences/commands';
import { logout } from '../../../infrastructure/session/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { Dialogs, Toasts } from '../../features/notices';
import { LOCALES, hasCatalogue } from '../../i18n/locales';
import { Avatar, Button, IconButton, Menu, Popover, ProgressBar } from '../../ui';
import { relocalizeHref, useLocale } from '../../i18n/locale';
import {
  CharactersIcon,
  ChatIcon,
  CreateIcon,
  DownloadIcon,
  ExploreIcon,
  GlobeIcon,
  MenuIcon,
  MoonIcon,
  SettingsIcon,
  SignOutIcon,
  SunIcon,
} from './icons';
import styles from './Shell.module.css';
import { useChatEnabled, useCoins, useTheme, useUser } from './useShell';

interface NavEntry {
  readonly to: string;
  readonly labelId: string;
  readonly icon: ReactNode;
  readonly testId: string;
}

/** The product's areas, in the order of the navigation; an area appears once its screens exist. */
const useNavEntries = (): readonly NavEntry[] => {
  const chatEnabled = useChatEnabled();
  return [
    { to: '/create', labelId: 'nav.create', icon: <CreateIcon />, testId: 'nav-create' },
    { to: '/explore', labelId: 'nav.explore', icon: <ExploreIcon />, testId: 'nav-explore' },
    ...(chatEnabled
      ? [
          { to: '/chat', labelId: 'nav.chat', icon: <ChatIcon />, testId: 'nav-chat' },
          // Spec §2 character routes need the tavern permission (the same config item as chat).
          {
            to: '/myCharacters',
            labelId: 'nav.characters',
            icon: <CharactersIcon />,
            testId: 'nav-characters',
          },
        ]
      : []),
  ];
};

const PrimaryNav = ({ entries }: { readonly entries: readonly NavEntry[] }) => {
  const intl = useIntl();
  const { to } = useLocale();
  return (
    <nav className={styles.nav} aria-label={intl.formatMessage({ id: 'nav.primary' })}>
      {entries.map((e) => (
        <NavLink
          key={e.to}
          to={to(e.to)}
          className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
          data-testid={e.testId}
        >
          {e.icon}
          <FormattedMessage id={e.labelId} />
        </NavLink>
      ))}
    </nav>
  );
};

/** Small screens: the same areas behind one menu button. */
const NavMenu = ({ entries }: { readonly entries: readonly NavEntry[] }) => {
  const intl = useIntl();
  const navigate = useNavigate();
  const { to } = useLocale();
  return (
    <Menu
      align="start"
      className={styles.navMenu}
      trigger={
        <IconButton
          label={intl.formatMessage({ id: 'nav.menu' })}
          className={styles.menuButton}
          data-testid="nav-menu"
        >
          <MenuIcon />
        </IconButton>
      }
      items={entries.map((e) => ({
        key: e.to,
        label: intl.formatMessage({ id: e.labelId }),
        icon: e.icon,
        onSelect: () => void navigate(to(e.to)),
      }))}
    />
  );
};

const CoinPill = () => {
  const intl = useIntl();
  const coins = useCoins();
  if (coins === null) return null;
  const rows = [
    ['calculate', coins.calculate],
    ['paid', coins.paid],
    ['free', coins.free],
    ['temp', coins.temp],
  ] as const;
  return (
    <Popover
      align="end"
      label={intl.formatMessage({ id: 'header.coinsLabel' })}
      trigger={
        <button
          type="button"
          className={styles.coinPill}
          data-testid="coin-balance"
          aria-label={intl.formatMessage({ id: 'header.coinsOpen' }, { coins: coins.calculate })}
        >
          <span className={styles.coinDot} aria-hidden="true" />
          <FormattedMessage id="header.coins" values={{ coins: coins.calculate }} />
        </button>
      }
    >
      <div className={styles.coinPanel}>
        <p className={styles.coinTitle}>
          <FormattedMessage id="header.coinsLabel" />
        </p>
        <dl className={styles.coinRows}>
          {rows.map(([kind, value]) => (
            <div key={kind} className={styles.coinRow}>
              <dt>
                <FormattedMessage id={`coins.kind.${kind}`} />
              </dt>
              <dd data-testid={`coins-${kind}`}>{intl.formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Popover>
  );
};

const LanguageMenu = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { locale } = useLocale();
  // A locale without a catalogue of its own (reached by its /ko/... address) is offered too, by its own name.
  const languages = hasCatalogue(locale)
    ? LOCALES
    : [
        ...LOCALES,
        { code: locale, label: new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale },
      ];
  return (
    <Menu
      trigger={
        <IconButton label={intl.formatMessage({ id: 'header.language' })} data-testid="language">
          <GlobeIcon />
        </IconButton>
      }
      items={languages.map((l) => ({
        key: l.code,
        label: (
          <span lang={l.code} aria-current={locale === l.code ? 'true' : undefined}>
            {locale === l.code ? '✓ ' : ''}
            {l.label}
          </span>
        ),
        onSelect: () => {
          const next = routing.normalizeLocale(l.code);
          if (next === null || next === locale) return;
          dispatch(rememberLanguage({ locale: next }));
          void navigate(relocalizeHref(next, location.pathname, location.search, location.hash));
        },
      }))}
    />
  );
};

const ThemeToggle = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const next = preferences.otherTheme(theme);
  return (
    <IconButton
      label={intl.formatMessage({ id: next === 'light' ? 'header.theme.light' : 'header.theme.dark' })}
      onClick={() => dispatch(chooseTheme({ theme: next }))}
      data-testid="theme"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
};

const AccountMenu = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { to } = useLocale();
  const user = useUser();
  if (user === null)
    return (
      <Button asChild variant="primary" size="sm">
        <Link to={to('/login')} data-testid="sign-in">
          <FormattedMessage id="header.signIn" />
        </Link>
      </Button>
    );
  return (
    <Menu
      trigger={
        <button
          type="button"
          className={styles.account}
          aria-label={intl.formatMessage({ id: 'header.account' }, { name: user.name })}
          data-testid="account-menu"
        >
          <Avatar name={user.name} size="sm" />
          <span className={styles.accountName} data-testid="account-name">
            {user.name}
          </span>
        </button>
      }
      items={[
        {
          key: 'settings',
          label: intl.formatMessage({ id: 'header.settings' }),
          icon: <SettingsIcon />,
          onSelect: () => void navigate(to('/settings')),
        },
        {
          key: 'log',
          label: intl.formatMessage({ id: 'header.downloadLog' }),
          icon: <DownloadIcon />,
          onSelect: () => dispatch(exportEventLog({})),
        },
        {
          key: 'signOut',
          label: intl.formatMessage({ id: 'header.signOut' }),
          icon: <SignOutIcon />,
          danger: true,
          onSelect: () => dispatch(logout({})),
        },
      ]}
    />
  );
};

/** A guest's event log is one click away too (auditors reproduce what a person saw). */
const GuestLogButton = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useUser();
  if (user !== null) return null;
  return (
    <IconButton
      label={intl.formatMessage({ id: 'header.downloadLog' })}
      onClick={() => dispatch(exportEventLog({}))}
      className={styles.wideOnly}
      data-testid="download-log"
    >
      <DownloadIcon />
    </IconButton>
  );
};

/** A thin bar while the next page's loader and chunk are on their way. */
const PendingBar = () => {
  const intl = useIntl();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className={styles.pending}>
      <ProgressBar value={null} size="sm" label={intl.formatMessage({ id: 'nav.loading' })} />
    </div>
  );
};

export const Shell = ({ children }: { readonly children: ReactNode }) => {
  const { to } = useLocale();
  const entries = useNavEntries();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <header className={styles.header}>
        <NavMenu entries={entries} />
        <Link to={to('/')} className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            A
          </span>
          <span className={styles.brandName}>
            <FormattedMessage id="app.name" />
          </span>
        </Link>
        <PrimaryNav entries={entries} />
        <div className={styles.tools}>
          <CoinPill />
          <GuestLogButton />
          <LanguageMenu />
          <ThemeToggle />
          <AccountMenu />
        </div>
        <PendingBar />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Toasts />
      <Dialogs />
    </div>
  );
};
