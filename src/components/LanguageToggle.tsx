import { Button, type ButtonProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { switchLocale } from '../lib/i18n';

/** zh ⇄ en toggle; the label names the language it switches to. */
export function LanguageToggle(props: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { i18n, t } = useLingui();
  const [busy, setBusy] = useState(false);
  const next = i18n.locale === 'en' ? 'zh' : 'en';
  return (
    <Button
      size="sm"
      variant="ghost"
      // the visible text ('English' / '中文') is the accessible name; the title explains it
      title={t`切换语言`}
      loading={busy}
      {...props}
      onClick={async () => {
        setBusy(true);
        try {
          await switchLocale(next);
        } finally {
          setBusy(false);
        }
      }}
    >
      {next === 'en' ? 'English' : '中文'}
    </Button>
  );
}
