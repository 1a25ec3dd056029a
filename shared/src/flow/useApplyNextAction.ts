import { api } from '../api/client';
import type { AuthReply } from '../api/schemas';
import { applyNextAction } from './applyNextAction';
import type { NextActionResult } from './nextAction';
import { useStore } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from '../router';

/**
 * applyNextAction bound to the current store, router and the portal's API client. Package
 * imports on purpose: see applyNextAction.
 */
export function useApplyNextAction(): (reply: AuthReply | null) => Promise<NextActionResult> {
  const store = useStore();
  const navigate = useNavigate();
  return useCallback((reply) => applyNextAction(reply, { store, navigate, api }), [store, navigate]);
}
