/** Accounts: signing in (the login page is loaded by its route from ./pages). */
export { LoginForm } from './LoginForm';
