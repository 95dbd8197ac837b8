import { Select } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../shared/i18n/languages';
import type { Language } from '../../../shared/i18n/languages';
import { useLanguage } from '../i18n/language-store';

/** The language a document is printed in (the traveler's, the trainee's), each named in itself; the agent's screens keep theirs. */
export function DocumentLanguage({ label, value, onChange }: { label: string; value: Language; onChange: (language: Language) => void }) {
  const agentLanguage = useLanguage((state) => state.language);
  // The pseudo-locale is offered only while the screens are in it (a test run).
  const choices = LANGUAGES.some((shipped) => shipped === agentLanguage) ? [...LANGUAGES] : [...LANGUAGES, agentLanguage];
  return (
    <Select
      aria-label={label}
      w={180}
      allowDeselect={false}
      value={value}
      data={choices.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(chosen) => {
        const language = choices.find((choice) => choice === chosen);
        if (language) onChange(language);
      }}
    />
  );
}
