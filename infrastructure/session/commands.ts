/** Commands of the session area: sign in and sign out. */
import { defineCommand } from '../store/commands';

export const login = defineCommand<{ readonly email: string; readonly password: string }>()('session/login');

export const logout = defineCommand()('session/logout');
