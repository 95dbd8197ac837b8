import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { Localized } from './i18n/Localized';
import { useLanguage } from './i18n/language-store';
import { theme } from './theme';

void useLanguage.getState().follow();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Localized>
        <App />
      </Localized>
    </MantineProvider>
  </StrictMode>,
);
