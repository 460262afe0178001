import { toast } from 'sonner';

// Toasts go through here so every page uses the same look and the spec's limits (max 3,
// 4 s, bottom-right are set once on the <Toaster> in components/toaster.tsx).
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast(message),
};
