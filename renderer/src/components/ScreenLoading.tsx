import { useLayoutEffect, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { keepTyped } from './typed-while-loading';
import { focusIsLost } from './focus';

/**
 * What shows while a screen's code loads: a spinner that says what is coming, holding the focus the
 * screen left behind took with it, so the agent's next key does not land on the page's body; what
 * the agent types meanwhile goes to the screen's field once it is drawn.
 */
export function ScreenLoading({ label }: { label: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (focusIsLost()) holder.current?.focus();
  }, []);
  return (
    <Center
      ref={holder}
      tabIndex={-1}
      py="xl"
      style={{ outline: 'none' }}
      data-testid="screen-loading"
      onKeyDown={(event) => keepTyped(event.nativeEvent)}
    >
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
