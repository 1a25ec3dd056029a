import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@portal/shared/routes/paths';

/** 'Restarting the flow' (spec section 4), from the banner and the product name. */
export function useRestartFlow(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    navigate(paths.direct);
  }, [navigate]);
}
