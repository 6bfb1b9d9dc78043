/** Accounts: signing in, signing up, password recovery and settings (pages load by their routes from ./pages). */
export { LoginForm } from './LoginForm';
export { SignUpForm } from './SignUpForm';
export { SettingsPanel } from './SettingsPanel';
export { LoginGate, useDismissLoginGate } from './LoginGate';
