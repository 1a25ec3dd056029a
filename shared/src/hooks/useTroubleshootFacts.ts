import { clientTransactionIdAtom, lastTransactionAtom, loginNameAtom, userNameAtom } from '../session/atoms';
import { useAtomValue } from 'jotai';

/**
 * The session's help-desk facts (see ui/troubleshootLines): the time of the last server reply,
 * the client transaction id, and the server's name for the user, else the User ID as typed.
 */
export function useTroubleshootFacts() {
  const lastTransaction = useAtomValue(lastTransactionAtom);
  const transactionId = useAtomValue(clientTransactionIdAtom);
  const userName = useAtomValue(userNameAtom);
  const loginName = useAtomValue(loginNameAtom);
  return { lastTransaction, transactionId, userName: userName ?? loginName };
}
