/** Commands of the Help page (spec §1 customer support, §7 resource appeal). */
import type { support } from '../../domain/index.js';
import { defineCommand } from '../store/commands';

/** Sends the form when the domain's rules accept it (the view shows the problems otherwise). */
export const sendSupportMessage = defineCommand<support.SupportForm>()('support/send');
/** Opens the form again for another message. */
export const resetSupportForm = defineCommand()('support/resetForm');
