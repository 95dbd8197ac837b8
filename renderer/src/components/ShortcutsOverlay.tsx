import { useEffect, useState } from 'react';
import { Kbd, Modal, Table, Text } from '@mantine/core';

/** Every key the counter answers to, where it works. */
const SHORTCUTS: [keys: string[], what: string, where: string][] = [
  [['Ctrl', 'N'], 'New booking (asks before discarding one in progress)', 'anywhere'],
  [['Ctrl', 'B'], 'Bookings', 'anywhere'],
  [['Ctrl', 'F'], 'Find a booking', 'anywhere'],
  [['Ctrl', ','], 'Settings', 'anywhere'],
  [['Ctrl', 'T'], 'Trainer: exercises, scenarios, reports', 'training profiles'],
  [['?'], 'This list', 'anywhere but a text field'],
  [['Enter'], 'Move on: the first hotel, the price, the next step, pay', 'booking flow'],
  [['Esc'], 'Step back, keeping what was typed', 'booking flow'],
  [['↓', '↑'], 'Into the results and between them', 'package search, Bookings'],
  [['Enter'], 'Open the booking', 'Bookings'],
  [['C'], 'Cancel the booking', 'a booking'],
  [['D'], 'Change its dates or room', 'a booking'],
  [['V'], 'Print its voucher', 'a booking'],
  [['Esc'], 'Back to all bookings (a dialog or form open on it closes first)', 'a booking'],
  [['Esc'], 'Back from the voucher', 'a voucher'],
  [['Esc'], 'Close the form without saving', 'Add profile'],
  [['Ctrl', 'Enter'], 'Confirm the cancellation', 'cancel dialog'],
];

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && Boolean(target.closest('input, textarea, select, [contenteditable="true"]'));

/** "?" lists every shortcut, so an agent learns them once. */
export function ShortcutsOverlay() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
          {SHORTCUTS.map(([keys, what, where]) => (
            <Table.Tr key={`${keys.join('+')}:${where}`}>
              <Table.Td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && (keys[0] === 'Ctrl' ? ' + ' : ' ')}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{what}</Table.Td>
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
