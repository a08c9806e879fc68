import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushLanguage } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { pushDevicesQuery, pushKeys, removeDevice, sendTestPush, setDeviceEnabled } from './api';
import { PushNotReady, PushTimedOut, pushSupport, thisDeviceId, turnOnPush, type PushSupport } from './browser-push';
import { DeviceRow } from './device-row';

type Notice = 'not_ready' | 'timed_out' | 'failed' | null;

/**
 * "Notifications on this device" (issue 21, decision 022): turns Web Push on for this browser at
 * the user's press (the browser's question is never asked on page load) and lists the user's
 * devices with a test, an on/off switch and removal. Without the Push API it says so and nothing
 * else changes.
 */
export function PushDevices({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [notice, setNotice] = useState<Notice>(null);
  const devices = useQuery({ ...pushDevicesQuery, enabled: support !== 'unsupported' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKeys.devices });

  const turnOn = useMutation({
    mutationFn: () => turnOnPush((i18n.language === 'en' ? 'en' : 'no') satisfies PushLanguage),
    onMutate: () => setNotice(null),
    onSuccess: (outcome) => {
      setNotice(null);
      if (outcome === 'denied') setSupport('denied');
      if (outcome === 'on') void refresh();
    },
    onError: (err) => setNotice(err instanceof PushNotReady ? 'not_ready' : err instanceof PushTimedOut ? 'timed_out' : 'failed'),
  });
  const device = useMutation({
    mutationFn: (action: { id: number; kind: 'enable' | 'disable' | 'test' | 'remove' }) =>
      action.kind === 'test' ? sendTestPush(action.id) : action.kind === 'remove' ? removeDevice(action.id) : setDeviceEnabled(action.id, action.kind === 'enable'),
    onSuccess: (res) => {
      feedback.success(res);
      void refresh();
    },
    onError: (err) => feedback.failure(err),
  });

  const current = thisDeviceId();
  const list = devices.data ?? [];
  const on = list.some((d) => d.id === current);
  return (
    <section aria-labelledby="push-title" className={className ?? 'grid gap-2'} data-testid="push-devices">
      <h2 id="push-title" className="text-lg font-semibold">
        {t('push.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('push.why')}</p>
      {notice && (
        <p className="text-sm text-destructive" role="status">
          {t(`push.${notice}`)}
        </p>
      )}
      {support === 'unsupported' ? (
        <p className="text-sm text-muted-foreground" data-testid="push-unsupported">
          {t('push.unsupported')}
        </p>
      ) : support === 'denied' ? (
        <p className="text-sm text-muted-foreground" data-testid="push-denied">
          {t('push.denied')}
        </p>
      ) : (
        !on && (
          <div>
            <Button onClick={() => turnOn.mutate()} disabled={turnOn.isPending} data-testid="push-turn-on">
              {turnOn.isPending ? t('push.turning_on') : notice ? t('push.try_again') : t('push.turn_on')}
            </Button>
          </div>
        )
      )}
      {support !== 'unsupported' && devices.data && (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{t('push.devices')}</h3>
          {list.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('push.no_devices')}</p>
          ) : (
            <ul className="divide-y divide-border">
              {list.map((d) => (
                <DeviceRow
                  key={d.id}
                  device={d}
                  current={d.id === current}
                  busy={device.isPending}
                  onEnabled={(enabled) => device.mutate({ id: d.id, kind: enabled ? 'enable' : 'disable' })}
                  onTest={() => device.mutate({ id: d.id, kind: 'test' })}
                  onRemove={() => device.mutate({ id: d.id, kind: 'remove' })}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
