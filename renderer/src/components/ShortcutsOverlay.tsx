import { Fragment, useState } from 'react';
import { Kbd, Modal, Table, Text } from '@mantine/core';
import { SHORTCUTS } from '../../../shared/shortcuts';
import { keyName, useShortcutKeys } from './use-shortcuts';

/** "?" lists every shortcut, so an agent learns them once. */
export function ShortcutsOverlay() {
  const [open, setOpen] = useState(false);
  useShortcutKeys([['shortcut-list', () => setOpen(true)]]);

  return (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
      title="Keyboard shortcuts"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Table striped aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keys</Table.Th>
            <Table.Th>What it does</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(SHORTCUTS).map(([id, { keys, does, where }]) => (
            <Table.Tr key={id}>
              {/* A combination stays on one line: "Ctrl + N" read as one key press. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((combination, alternative) => (
                  <Fragment key={combination.join('+')}>
                    {alternative > 0 && ' '}
                    {combination.map((key, index) => (
                      <span key={key}>
                        {index > 0 && ' + '}
                        <Kbd>{keyName(key)}</Kbd>
                      </span>
                    ))}
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{does}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {where}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
