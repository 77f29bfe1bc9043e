import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChatSettingsView, chatConsoleEndpoints, type LiveChatProvider } from '@tessera/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../app/api.ts';
import { fieldErrors } from '../../app/errors.tsx';
import { QueryView } from '../../app/QueryView.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextArea, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { SettingsForm } from '../settings/SettingsForm.tsx';

const KEY = ['chat', 'settings'];
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The chat's settings: blocked words, the sites links may point to, and the live chat (built-in or Chatwoot). */
export function ChatSettingsPage() {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(chatConsoleEndpoints.settings, { signal }),
  });
  return (
    <>
      <PageHeader title={t('nav.chatSettings')} description={t('chatSettings.description')} />
      <Card title={t('chatSettings.title')}>
        <QueryView query={settings}>{(data) => <ChatSettingsForm initial={data} />}</QueryView>
      </Card>
    </>
  );
}

function ChatSettingsForm({ initial }: { initial: ChatSettingsView }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [keywords, setKeywords] = useState(initial.keywords.join('\n'));
  const [linkHosts, setLinkHosts] = useState(initial.linkHosts.join('\n'));
  const [bigWinMin, setBigWinMin] = useState(String(initial.bigWinMin));
  const [provider, setProvider] = useState<LiveChatProvider>(initial.liveProvider);
  const [baseUrl, setBaseUrl] = useState(initial.chatwoot.baseUrl);
  const [websiteToken, setWebsiteToken] = useState(initial.chatwoot.websiteToken);
  const [hmacToken, setHmacToken] = useState('');
  const save = useMutation({
    mutationFn: () =>
      call(chatConsoleEndpoints.saveSettings, {
        body: {
          keywords: lines(keywords),
          linkHosts: lines(linkHosts),
          bigWinMin: Number(bigWinMin || 0),
          liveProvider: provider,
          chatwoot: { baseUrl, websiteToken, hmacToken },
        },
      }),
    onSuccess: (value) => {
      queryClient.setQueryData(KEY, value);
      setHmacToken('');
      toast.show(t('chatSettings.saved'));
    },
  });
  const errors = fieldErrors(save.error);
  const shown = save.data ?? initial;
  return (
    <SettingsForm
      saveLabel={t('chatSettings.save')}
      saving={save.isPending}
      error={save.error}
      shownFields={[
        'keywords',
        'bigWinMin',
        'linkHosts',
        'liveProvider',
        'chatwoot.baseUrl',
        'chatwoot.websiteToken',
        'chatwoot.hmacToken',
      ]}
      onSubmit={() => save.mutate()}
    >
      <div className="form-grid">
        <TextArea
          label={t('chatSettings.keywords')}
          hint={t('chatSettings.keywordsHint')}
          rows={5}
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
          error={errors.keywords}
        />
        <TextArea
          label={t('chatSettings.linkHosts')}
          hint={t('chatSettings.linkHostsHint')}
          rows={5}
          value={linkHosts}
          onChange={(e) => setLinkHosts(e.target.value)}
          error={errors.linkHosts}
        />
        <TextField
          label={t('chatSettings.bigWinMin')}
          hint={t('chatSettings.bigWinMinHint')}
          type="number"
          min={0}
          value={bigWinMin}
          onChange={(e) => setBigWinMin(e.target.value)}
          error={errors.bigWinMin}
          fieldClassName="span-2"
        />
        <Select
          label={t('chatSettings.provider')}
          value={provider}
          onChange={(e) => setProvider(e.target.value as LiveChatProvider)}
          options={[
            { value: 'builtin', label: t('chatSettings.builtin') },
            { value: 'chatwoot', label: t('chatSettings.chatwoot') },
          ]}
          error={errors.liveProvider}
          fieldClassName="span-2"
        />
        <TextField
          label={t('chatSettings.baseUrl')}
          type="url"
          placeholder="https://chat.example.com"
          value={baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
          error={errors['chatwoot.baseUrl']}
        />
        <TextField
          label={t('chatSettings.websiteToken')}
          value={websiteToken}
          onChange={(e) => setWebsiteToken(e.target.value)}
          error={errors['chatwoot.websiteToken']}
        />
        <TextField
          label={t('chatSettings.hmacToken')}
          hint={
            shown.chatwoot.hmacTokenSet ? t('chatSettings.hmacTokenKept') : t('chatSettings.hmacTokenHint')
          }
          type="password"
          autoComplete="off"
          value={hmacToken}
          onChange={(e) => setHmacToken(e.target.value)}
          error={errors['chatwoot.hmacToken']}
        />
        <TextField
          label={t('chatSettings.webhook')}
          hint={t('chatSettings.webhookHint')}
          value={shown.webhookPath}
          readOnly
        />
      </div>
    </SettingsForm>
  );
}
