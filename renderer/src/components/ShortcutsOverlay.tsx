import { Fragment, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Kbd, Modal, Table, Text } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { SHORTCUTS } from '../../../shared/shortcuts';
import { keyName, useShortcutKeys } from './use-shortcuts';

const words = defineMessages({
  title: { id: 'component.shortcuts.title', defaultMessage: 'Keyboard shortcuts' },
  close: { id: 'component.shortcuts.close', defaultMessage: 'Close' },
  keys: { id: 'component.shortcuts.keys', defaultMessage: 'Keys' },
  does: { id: 'component.shortcuts.does', defaultMessage: 'What it does' },
  where: { id: 'component.shortcuts.where', defaultMessage: 'Where' },
  /** Between the keys of one combination: Ctrl + N. */
  plus: { id: 'component.shortcuts.plus', defaultMessage: '+' },
});

/** "?" lists every shortcut, so an agent learns them once. */
export function ShortcutsOverlay() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  useShortcutKeys([['shortcut-list', () => setOpen(true)]]);

  return (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
      title={intl.formatMessage(words.title)}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage(words.close) }}
    >
      <Table striped aria-label={intl.formatMessage(words.title)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage {...words.keys} />
            </Table.Th>
            <Table.Th>
              <FormattedMessage {...words.does} />
            </Table.Th>
            <Table.Th>
              <FormattedMessage {...words.where} />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(SHORTCUTS).map(([id, { keys, does, where }]) => (
            <Table.Tr key={id}>
              {/* A combination stays on one line: "Ctrl + N" read as one key press. */}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {keys.map((combination, alternative) => (
                  <Fragment key={combination.join('+')}>
                    {alternative > 0 && <> </>}
                    {combination.map((key, index) => (
                      <span key={key}>
                        {index > 0 && (
                          <>
                            {' '}
                            <FormattedMessage {...words.plus} />{' '}
                          </>
                        )}
                        <Kbd>{keyName(key, intl)}</Kbd>
                      </span>
                    ))}
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{intl.formatMessage(does)}</Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage(where)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
