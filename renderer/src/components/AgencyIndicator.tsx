import { useIntl } from 'react-intl';
import { Group, Text, Tooltip } from '@mantine/core';
import { defineMessages } from '../../../shared/i18n/messages';
import { useAgency } from '../stores/agency-store';
import { useNow } from '../hooks/use-now';
import { LINK_LOOK, linkExplanation, linkWords, unsentWords } from './agency-words';

const words = defineMessages({
  ledger: { id: 'component.agencyIndicator.ledger', defaultMessage: 'Agency ledger: {link}' },
  described: { id: 'component.agencyIndicator.described', defaultMessage: '{ledger}. {explanation}' },
  describedWithUnsent: { id: 'component.agencyIndicator.describedWithUnsent', defaultMessage: '{ledger}, {unsent}. {explanation}' },
  unsent: { id: 'component.agencyIndicator.unsent', defaultMessage: '· {unsent}' },
});

/**
 * The agency ledger in the status bar, beside Online: live, catching up, unreachable since when, or
 * refused and why; and how many changes made here wait to be sent. Nothing when the counter is in no agency.
 */
export function AgencyIndicator() {
  const intl = useIntl();
  const status = useAgency((state) => state.status);
  // "since 10:42" gains its day once midnight has passed.
  useNow(60_000);
  const { link } = status;
  if (link.kind === 'off') return null;
  const ledger = intl.formatMessage(words.ledger, { link: linkWords(intl, link) });
  const unsent = unsentWords(intl, status);
  const explanation = linkExplanation(intl, link);
  const look = LINK_LOOK[link.kind];
  return (
    <Tooltip label={explanation} multiline w={320}>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        aria-label={
          unsent
            ? intl.formatMessage(words.describedWithUnsent, { ledger, unsent, explanation })
            : intl.formatMessage(words.described, { ledger, explanation })
        }
        data-testid="agency-link"
        data-link={link.kind}
        style={{ minWidth: 0 }}
      >
        <span aria-hidden style={{ width: 10, height: 10, flex: 'none', borderRadius: '50%', background: look.dot }} />
        <Text size="sm" fw={600} c={look.text} data-testid="agency-link-words" style={{ whiteSpace: 'nowrap' }}>
          {ledger}
        </Text>
        {link.kind === 'refused' && (
          <Text size="sm" c={look.text} maw={320} truncate="end" data-testid="agency-refused-message">
            {link.message}
          </Text>
        )}
        {unsent && (
          <Text size="sm" fw={600} c="#9c3d00" data-testid="agency-unsent" style={{ whiteSpace: 'nowrap' }}>
            {intl.formatMessage(words.unsent, { unsent })}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
