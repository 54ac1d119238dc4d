import { useCallback, useEffect, useRef, useState } from 'react';
import { newCodeId } from '../api/auth';

/** Spec section 9: the captcha reloads 200 ms after a failed login or register. */
export const CAPTCHA_RELOAD_DELAY_MS = 200;

export function useCaptcha() {
  const [codeId, setCodeId] = useState(newCodeId);
  const [captCode, setCaptCode] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = useCallback(() => {
    setCodeId(newCodeId());
    setCaptCode('');
  }, []);
  const reloadAfterFailure = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, CAPTCHA_RELOAD_DELAY_MS);
  }, [refresh]);

  return { codeId, captCode, setCaptCode, refresh, reloadAfterFailure };
}
