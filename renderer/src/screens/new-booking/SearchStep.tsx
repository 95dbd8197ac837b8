import { useEffect, useRef, useState } from 'react';
import { Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNewBooking } from '../../stores/new-booking-store';

/** Step 1: find the package by any word of its title, then pick the hotel. */
export function SearchStep() {
  const { query, results, searching, search, choose, choice } = useNewBooking();
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  useEffect(() => {
    if (text === query) return;
    const timer = setTimeout(() => void search(text), 150);
    return () => clearTimeout(timer);
  }, [text, query, search]);

  return (
    <Stack gap="md">
      <TextInput
        ref={input}
        size="lg"
        label="Search packages"
        placeholder="A city, a region or a theme: lisbon, alps, beach…"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={searching ? <Loader size="sm" role="status" aria-label="Searching" /> : null}
        data-shortcut-target="search"
      />
      {query.trim() && !searching && results.length === 0 && (
        <Text c="dimmed" role="status">
          No package has all of “{query.trim()}” in its title. Try fewer or other words.
        </Text>
      )}
      <Stack gap="sm" role="region" aria-label="Search results">
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
                  aria-label={`${property.name}, ${entry.title}`}
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
