/**
 * The frame of every page: a header with the product's areas (a menu on small screens), the coin
 * balance, language, theme and the account menu; the page; the toasts and dialogs of spec §8.
 * Works from 320 px up with nothing off-screen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink, useLocation, useNavigate, useNavigation } from 'react-router';
import { images, preferences, routing } from '../../../domain/index.js';
import { chooseTheme, exportEventLog, rememberLanguage } from '../../../infrastructure/preferences/commands';
import { logout } from '../../../infrastructure/session/commands';
import { enablePush } from '../../../infrastructure/push/commands';
import { trackPageView } from '../../../infrastructure/telemetry/commands';
import { useAppDispatch } from '../../../infrastructure/store/hooks';
import { CoinSummary } from '../../features/billing';
import { SearchBox } from '../../features/search';
import { MessagesBell } from '../../features/social';
import { SiteFooter } from '../../features/support';
import { LOCALES } from '../../i18n/locales';
import {
  AVATAR_PX,
  Avatar,
  Button,
  DeferredMenu as Menu,
  DeferredPopover as Popover,
  IconButton,
  ProgressBar,
  visuallyHiddenClass,
} from '../../ui';
import { relocalizeHref, useLocale } from '../../i18n/locale';
import {
  BellIcon,
  CharactersIcon,
  ChatIcon,
  HelpIcon,
  CreateIcon,
  DecorationsIcon,
  DownloadIcon,
  ExploreIcon,
  ToolsIcon,
  GlobeIcon,
  MembershipIcon,
  MenuIcon,
  MoonIcon,
  PersonIcon,
  SettingsIcon,
  SignOutIcon,
  StudioIcon,
  SunIcon,
} from './icons';
import styles from './Shell.module.css';
// The first screen the server draws into the page's HTML for Create, pricing, the detail pages and the square
// (server/routing/firstScreen.ts, server/details/preload.ts, server/feed/squareScreen.ts) paints before any script: the rules of what it
// draws ride in the shell's stylesheet.
import '../../features/campaigns/CampaignBanner.css';
import '../../features/billing/PageHead.css';
import '../../features/tasks/create/CreateHead.css';
import '../../features/details/DetailHead.css';
import '../../ui/FieldBase.css';
import '../../ui/SelectBase.css';
import '../../ui/TabsBase.css';
import '../../features/feed/SquareHead.css';
import { LazyHosts } from './LazyHosts';
import { useHeaderFit } from './useHeaderFit';
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
    { to: '/ai-tools', labelId: 'nav.tools', icon: <ToolsIcon />, testId: 'nav-tools' },
    { to: '/explore', labelId: 'nav.explore', icon: <ExploreIcon />, testId: 'nav-explore' },
    { to: '/studio', labelId: 'nav.studio', icon: <StudioIcon />, testId: 'nav-studio' },
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
    { to: '/pricing', labelId: 'billing.nav', icon: <MembershipIcon />, testId: 'nav-pricing' },
  ];
};

const PrimaryNav = ({
  entries,
  compact,
}: {
  readonly entries: readonly NavEntry[];
  readonly compact: boolean;
}) => {
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
          // Named by icon only, the area still has its name as a tooltip.
          title={compact ? intl.formatMessage({ id: e.labelId }) : undefined}
        >
          {e.icon}
          <span className={compact ? visuallyHiddenClass : undefined}>
            <FormattedMessage id={e.labelId} />
          </span>
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
  const [open, setOpen] = useState(false);
  if (coins === null) return null;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
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
      <CoinSummary coins={coins} onLeave={() => setOpen(false)} />
    </Popover>
  );
};

const LanguageMenu = () => {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { locale } = useLocale();
  return (
    <Menu
      trigger={
        <IconButton label={intl.formatMessage({ id: 'header.language' })} data-testid="language">
          <GlobeIcon />
        </IconButton>
      }
      items={LOCALES.map((l) => ({
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
          <Avatar
            name={user.name}
            src={user.avatar || null}
            sources={images.assumedSourcesOf(user.avatar, AVATAR_PX.sm)}
            frameUrl={user.avatarFrame ?? null}
            frameSources={images.assumedSourcesOf(user.avatarFrame, AVATAR_PX.sm)}
            size="sm"
            decorative
          />
          <span className={styles.accountName} data-testid="account-name">
            {user.name}
          </span>
        </button>
      }
      items={[
        {
          key: 'personal',
          label: intl.formatMessage({ id: 'header.personal' }),
          icon: <PersonIcon />,
          onSelect: () => void navigate(to('/personal')),
        },
        {
          key: 'settings',
          label: intl.formatMessage({ id: 'header.settings' }),
          icon: <SettingsIcon />,
          onSelect: () => void navigate(to('/settings')),
        },
        {
          key: 'decorations',
          label: intl.formatMessage({ id: 'header.decorations' }),
          icon: <DecorationsIcon />,
          onSelect: () => void navigate(to('/decorations')),
        },
        {
          key: 'notifications',
          label: intl.formatMessage({ id: 'push.turnOn' }),
          icon: <BellIcon />,
          onSelect: () => dispatch(enablePush({})),
        },
        {
          key: 'help',
          label: intl.formatMessage({ id: 'support.help' }),
          icon: <HelpIcon />,
          onSelect: () => void navigate(to('/support')),
        },
        {
          key: 'report',
          label: intl.formatMessage({ id: 'header.reportProblem' }),
          icon: <HelpIcon />,
          onSelect: () => void navigate(to('/support/report')),
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

/** One page view per address the router settles on (spec §3 tracking). */
const usePageViews = () => {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(trackPageView({ path: pathname, route: routing.splitLocalePath(pathname).rest }));
  }, [dispatch, pathname]);
};

export const Shell = ({ children }: { readonly children: ReactNode }) => {
  const { to, locale } = useLocale();
  const entries = useNavEntries();
  const signedIn = useUser() !== null;
  const header = useRef<HTMLElement>(null);
  const tools = useRef<HTMLDivElement>(null);
  const compact = useHeaderFit(header, tools, `${locale} ${signedIn} ${entries.length}`);
  usePageViews();
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        <FormattedMessage id="nav.skipToContent" />
      </a>
      <header ref={header} className={styles.header} data-compact={compact || undefined}>
        <NavMenu entries={entries} />
        <Link to={to('/')} className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            A
          </span>
          <span className={styles.brandName}>
            <FormattedMessage id="app.name" />
          </span>
        </Link>
        <PrimaryNav entries={entries} compact={compact} />
        <SearchBox />
        <div ref={tools} className={styles.tools}>
          <CoinPill />
          <GuestLogButton />
          <MessagesBell to={to('/messages')} />
          <LanguageMenu />
          <ThemeToggle />
          <AccountMenu />
        </div>
        <PendingBar />
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <LazyHosts />
    </div>
  );
};
