import type { UpdateService } from '../updates/update-service';
import type { AreaHandlers } from './handlers';

/** The counter's updates: how they stand, where they come from, a check now, and the agent's "install now". */
export function updatesIpc({
  updates,
}: {
  updates: UpdateService;
}): AreaHandlers<'updates:status' | 'updates:configure' | 'updates:check' | 'updates:install-now'> {
  return {
    'updates:status': async () => updates.status(),
    'updates:configure': async (input) => updates.configure(input),
    'updates:check': () => updates.check(),
    'updates:install-now': async () => updates.installNow(),
  };
}
