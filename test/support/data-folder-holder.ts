/** A process that holds a data folder's lock as a running Packdesk does, until it is killed. */
import { lockDataFolder } from '../../electron/core/data-folder-lock';

const dataDir = process.env['PACKDESK_HELD_DATA_DIR'];
if (!dataDir) throw new Error('PACKDESK_HELD_DATA_DIR names the data folder to hold');
lockDataFolder(dataDir);
console.log('held');
setInterval(() => {}, 60_000);
