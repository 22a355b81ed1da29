import { toast } from 'sonner';

export type ToastMessage = { title: string; description?: string };

export const toastError = ({ title, description }: ToastMessage) => toast.error(title, { description });
