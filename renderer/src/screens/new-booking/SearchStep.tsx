import { useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../shared/i18n/messages';
import { shortcutKey, shortcutKeyHandler } from '../../components/use-shortcuts';
import { useNewBooking } from '../../stores/new-booking-store';

const words = defineMessages({
  label: { id: 'newBooking.search.label', defaultMessage: 'Search packages' },
  placeholder: { id: 'newBooking.search.placeholder', defaultMessage: 'A city, a region or a theme: lisbon, alps, beach…' },
  keys: { id: 'newBooking.search.keys', defaultMessage: '{forward} takes the first hotel; {down} walks the list.' },
  searching: { id: 'newBooking.search.searching', defaultMessage: 'Searching' },
  nothingFound: {
    id: 'newBooking.search.nothingFound',
    defaultMessage: 'No package has all of “{query}” in its title. Try fewer or other words.',
  },
  results: { id: 'newBooking.search.results', defaultMessage: 'Search results' },
  hotel: { id: 'newBooking.search.hotel', defaultMessage: '{hotel}, {package}' },
});

/** Step 1: find the package by any word of its title, then pick the hotel. */
export function SearchStep() {
  const intl = useIntl();
  const { query, results, searching, search, choose, choice, focusSearch } = useNewBooking();
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);

  const resultsRegion = useRef<HTMLDivElement>(null);
  // Enter pressed before the answer for what is typed came: taken once it comes, unless the agent typed on.
  const [enterWaitsFor, setEnterWaitsFor] = useState<string | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusSearch]);

  /** Enter takes the first hotel of the first package (the list is in the order the agent reads it); ArrowDown walks the list. */
  const onSearchKey = shortcutKeyHandler([
    ['next-result', () => resultsRegion.current?.querySelector<HTMLButtonElement>('button')?.focus()],
    [
      'flow-forward',
      (event) => {
        if (!text.trim()) return;
        event.preventDefault();
        setEnterWaitsFor(text);
      },
      { preventDefault: false },
    ],
  ]);

  // Enter takes the first hotel once the results on screen are for what was typed: at once, or when they come.
  useEffect(() => {
    if (enterWaitsFor === null || searching || query !== enterWaitsFor) return;
    setEnterWaitsFor(null);
    const first = results[0];
    const property = first?.properties[0];
    if (!first || !property) return;
    choose({ packageId: first.id, packageTitle: first.title, propertyId: property.id, propertyName: property.name });
  }, [enterWaitsFor, searching, query, results, choose]);

  /**
   * Arrow keys move between the hotels, in reading order; up from the first goes back to the search box.
   * A grid's own four arrows (left and right too), so a key test here rather than the shortcut table's up and down.
   */
  const onResultsKey = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft'].includes(event.key)) return;
    const buttons = [...(resultsRegion.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : -1);
    if (next < 0) input.current?.focus();
    else buttons[Math.min(next, buttons.length - 1)]?.focus();
  };

  // Searched as typed, once the typing pauses.
  const [typedText] = useDebouncedValue(text, 150);
  useEffect(() => {
    if (typedText !== query) void search(typedText);
  }, [typedText, query, search]);

  return (
    <Stack gap="md">
      <TextInput
        ref={input}
        size="lg"
        label={intl.formatMessage(words.label)}
        placeholder={intl.formatMessage(words.placeholder)}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setEnterWaitsFor(null);
        }}
        onKeyDown={onSearchKey}
        description={intl.formatMessage(words.keys, {
          forward: shortcutKey('flow-forward', intl),
          down: shortcutKey('next-result', intl),
        })}
        rightSection={searching ? <Loader size="sm" role="status" aria-label={intl.formatMessage(words.searching)} /> : null}
        data-shortcut-target="search"
      />
      {query.trim() && !searching && results.length === 0 && (
        <Text c="dimmed" role="status">
          {intl.formatMessage(words.nothingFound, { query: query.trim() })}
        </Text>
      )}
      <Stack gap="sm" role="region" aria-label={intl.formatMessage(words.results)} ref={resultsRegion} onKeyDown={onResultsKey}>
        {results.map((entry) => (
          <Card key={entry.id} withBorder padding="md">
            <Title order={3} size="h4" mb="xs">
              {entry.title}
            </Title>
            <Group gap="xs">
              {entry.properties.map((property) => (
                <Button
                  key={property.id}
                  variant={choice?.propertyId === property.id ? 'filled' : 'light'}
                  onClick={() =>
                    choose({ packageId: entry.id, packageTitle: entry.title, propertyId: property.id, propertyName: property.name })
                  }
                  aria-label={intl.formatMessage(words.hotel, { hotel: property.name, package: entry.title })}
                >
                  {property.name}
                </Button>
              ))}
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
