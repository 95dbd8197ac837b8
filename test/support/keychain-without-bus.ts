import { AppError } from '../../electron/core/app-error';
import { createKeychainStore } from '../../electron/core/secrets';

// Tries to save a key where no keyring answers, and prints the error the agent would see.
try {
  await createKeychainStore('Packdesk-no-bus').write('profile-9:live', 'sk_live_never_saved_1234');
  console.log(JSON.stringify({ code: 'saved' }));
} catch (error) {
  console.log(JSON.stringify(error instanceof AppError ? error.toShape() : { code: 'other', message: String(error) }));
}
