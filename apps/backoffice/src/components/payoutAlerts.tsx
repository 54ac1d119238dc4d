import {
  REALTIME_PATH,
  type PayoutOverdueAlert,
  type PayoutTimes,
  type ServerToClientEvents,
  type ClientToServerEvents,
} from '@aposta/contracts';
import { useInvalidate } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { io, type Socket } from 'socket.io-client';
import { useAllowed } from '../api/access';
import { api, operatorToken, serverLang } from '../api/http';

/** How often the payout report is read when no push arrives (the socket may be down). */
const POLL_MS = 30_000;
export const PAYOUT_TIMES_KEY = ['payout-times'] as const;

/**
 * The payout report (GET /api/operator/withdrawals/payout-times): the 120-minute deadline, whether it binds
 * (the Brazilian profile) and the unpaid withdrawals past the alert time. Read every 30 s and again on a push.
 */
export function usePayoutTimes() {
  const allowed = useAllowed();
  return useQuery<PayoutTimes>({
    queryKey: PAYOUT_TIMES_KEY,
    queryFn: () => api<PayoutTimes>('get', '/api/operator/withdrawals/payout-times', { query: { days: 1 } }),
    enabled: allowed('withdrawals.read'),
    refetchInterval: POLL_MS,
  });
}

/** The current time, ticking every 30 s (a withdrawal's time left moves without a reload). */
export function useNow(stepMs = POLL_MS) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(id);
  }, [stepMs]);
  return now;
}

/**
 * Live payout alerts for an operator of the withdrawal queue: the gateway's `operatorAlert` (a withdrawal
 * unpaid `withdraw.payoutAlertMinutes` after its request, once per order) shown as a notification with a link
 * to the queue, and the queue's reads refreshed. Mounted once in the layout; renders nothing.
 */
export function PayoutAlerts() {
  const allowed = useAllowed();
  const enabled = allowed('withdrawals.read');
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const invalidate = useInvalidate();
  // The latest handler in a ref: the socket lives as long as the permission, not one render or route.
  const onAlert = useRef<(alert: PayoutOverdueAlert) => void>(() => {});
  onAlert.current = (alert) => {
    void queries.invalidateQueries({ queryKey: PAYOUT_TIMES_KEY });
    void invalidate({ resource: 'withdrawals', invalidates: ['list'] });
    notification.warning({
      key: `payout:${alert.orderId}`,
      message: t('withdrawals.alertTitle'),
      description: t('withdrawals.alertBody', {
        orderId: alert.orderId,
        userId: alert.userId,
        minutes: alert.minutesWaiting,
        deadline: alert.deadlineMinutes,
      }),
      duration: 0,
      role: 'alert',
      btn: (
        <Button
          size="small"
          type="primary"
          onClick={() => {
            notification.destroy(`payout:${alert.orderId}`);
            void navigate('/withdrawals');
          }}
        >
          {t('withdrawals.openQueue')}
        </Button>
      ),
    });
  };
  useEffect(() => {
    const token = operatorToken();
    if (!enabled || !token) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: REALTIME_PATH,
      transports: ['websocket'],
      query: { token, lang: serverLang() },
    });
    socket.on('operatorAlert', (alert) => onAlert.current(alert));
    return () => {
      socket.close();
    };
  }, [enabled]);
  return null;
}
