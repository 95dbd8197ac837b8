import { useIntl } from 'react-intl';
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, languageSchema, PSEUDO_LANGUAGE } from '../../../../shared/i18n/languages';
import type { Language } from '../../../../shared/i18n/languages';
import { defineMessages } from '../../../../shared/i18n/messages';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useMainCall } from '../../hooks/use-main-call';
import { useLanguage } from '../../i18n/language-store';

const words = defineMessages({
  title: { id: 'settings.language.title', defaultMessage: 'Language' },
  chosenByAgent: {
    id: 'settings.language.chosenBy.agent',
    defaultMessage: 'Your own language: it follows you when you sign in at this counter.',
  },
  chosenByCounter: {
    id: 'settings.language.chosenBy.counter',
    defaultMessage: 'This counter’s language, used when nobody is signed in.',
  },
});

/**
 * The language the screens are in, each named in itself. Main keeps the choice: the signed-in agent's own,
 * or the counter's when nobody is; the whole app switches in place.
 */
export function LanguageSection() {
  const intl = useIntl();
  const language = useLanguage((state) => state.language);
  const chosenBy = useLanguage((state) => state.chosenBy);
  const choose = useLanguage((state) => state.choose);
  const { run, error, clearError } = useMainCall();
  // The pseudo-locale is never offered; listed only while it is on (the tests' runs), so the field is not blank.
  const shown: readonly Language[] = language === PSEUDO_LANGUAGE ? [...LANGUAGES, PSEUDO_LANGUAGE] : LANGUAGES;

  return (
    <Card withBorder padding="md" data-testid="language-section">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {intl.formatMessage(words.title)}
        </Title>
        <Select
          aria-label={intl.formatMessage(words.title)}
          w={260}
          allowDeselect={false}
          value={language}
          data={shown.map((each) => ({ value: each, label: LANGUAGE_NAMES[each] }))}
          // Each name is read out in its own language.
          renderOption={({ option }) => <span lang={option.value}>{option.label}</span>}
          onChange={(value) => {
            const chosen = languageSchema.safeParse(value);
            if (chosen.success && chosen.data !== language) void run(() => choose(chosen.data));
          }}
        />
        <Text size="sm" c="dimmed" data-testid="language-chosen-by">
          {intl.formatMessage(chosenBy === 'agent' ? words.chosenByAgent : words.chosenByCounter)}
        </Text>
        <ErrorNotice error={error} onClose={clearError} />
      </Stack>
    </Card>
  );
}
