import { Group, Text, Tooltip } from '@mantine/core';
import { useAgency } from '../stores/agency-store';
import { useNow } from '../hooks/use-now';
import { LINK_LOOK, linkExplanation, linkWords, unsentWords } from './agency-words';

/**
 * The agency ledger in the status bar, beside Online: live, catching up, unreachable since when, or
 * refused and why; and how many changes made here wait to be sent. Nothing when the counter is in no agency.
 */
export function AgencyIndicator() {
  const status = useAgency((state) => state.status);
  // "since 10:42" gains its day once midnight has passed.
  useNow(60_000);
  const { link } = status;
  if (link.kind === 'off') return null;
  const words = `Agency ledger: ${linkWords(link)}`;
  const unsent = unsentWords(status);
  const explanation = linkExplanation(link);
  const look = LINK_LOOK[link.kind];
  return (
    <Tooltip label={explanation} multiline w={320}>
      <Group
        gap={6}
        wrap="nowrap"
        role="status"
        aria-label={`${words}${unsent ? `, ${unsent}` : ''}. ${explanation}`}
        data-testid="agency-link"
        data-link={link.kind}
        style={{ minWidth: 0 }}
      >
        <span aria-hidden style={{ width: 10, height: 10, flex: 'none', borderRadius: '50%', background: look.dot }} />
        <Text size="sm" fw={600} c={look.text} data-testid="agency-link-words" style={{ whiteSpace: 'nowrap' }}>
          {words}
        </Text>
        {link.kind === 'refused' && (
          <Text size="sm" c={look.text} maw={320} truncate="end" data-testid="agency-refused-message">
            {link.message}
          </Text>
        )}
        {unsent && (
          <Text size="sm" fw={600} c="#9c3d00" data-testid="agency-unsent" style={{ whiteSpace: 'nowrap' }}>
            · {unsent}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}
