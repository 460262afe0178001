import { toast } from 'sonner';

// Toasts go through here so every page uses the same look and the spec's limits (max 3,
// 4 s, bottom-right are set once on the <Toaster> in components/toaster.tsx). The text is the
// toast id: the same message shown again replaces the one on screen instead of stacking.
export const notify = {
  success: (message: string) => toast.success(message, { id: message }),
  error: (message: string) => toast.error(message, { id: message }),
  info: (message: string) => toast(message, { id: message }),
};
