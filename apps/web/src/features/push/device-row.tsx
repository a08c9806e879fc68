import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushDevice } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { formatDate } from '@/lib/format';

/** A browser's name from its user agent, enough to tell one's devices apart. */
function deviceName(userAgent: string, service: string) {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : '';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return [browser, system].filter(Boolean).join(', ') || service;
}

export function DeviceRow(props: {
  device: PushDevice;
  current: boolean;
  busy: boolean;
  onEnabled: (enabled: boolean) => void;
  onTest: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { device } = props;
  const switchId = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="push-device">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium">
          {deviceName(device.user_agent, device.service)}
          {props.current && <span className="ml-2 text-sm font-normal text-muted-foreground">({t('push.this_device')})</span>}
        </span>
        <span className="text-xs text-muted-foreground">{t('push.added', { date: formatDate(device.created_at) })}</span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={device.enabled} disabled={props.busy} onCheckedChange={props.onEnabled} data-testid="push-device-enabled" />
          <label htmlFor={switchId} className="text-sm">
            {t('push.enabled')}
          </label>
        </div>
        <Button variant="outline" size="sm" disabled={props.busy || !device.enabled} onClick={props.onTest}>
          {t('push.send_test')}
        </Button>
        <Button variant="ghost" size="sm" disabled={props.busy} onClick={() => setConfirming(true)}>
          {t('push.remove')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('push.remove_confirm')}
        confirmLabel={t('push.remove')}
        confirmVariant="destructive"
        onConfirm={() => {
          setConfirming(false);
          props.onRemove();
        }}
      />
    </li>
  );
}
