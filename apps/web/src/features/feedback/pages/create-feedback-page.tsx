import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Send } from 'lucide-react';
import { createFeedbackBody, FEEDBACK_EDITOR_HEIGHT, type CreateFeedbackBody } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { LeaveGuard } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { createFeedback, feedbackKeys, recipientsQuery } from '../api';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { RecipientPicker } from '../components/recipient-picker';

interface FormValues {
  title: string;
  to_user_id: string;
  message: string;
}

const resolver = zodResolver(createFeedbackBody as never) as unknown as Resolver<FormValues, unknown, CreateFeedbackBody>;

/** True when the app has a page of its own to go back to (react-router counts its entries). */
const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

/** /create-feedback?action=create (spec 001 §2.15): a title, a recipient and a rich-text message. */
export default function CreateFeedbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const recipients = useQuery(recipientsQuery);
  const form = useForm<FormValues, unknown, CreateFeedbackBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { title: '', to_user_id: '', message: '' },
  });
  const { errors } = form.formState;
  const changed = useFormChanged(form.control, form.formState.defaultValues);

  const send = useMutation({
    mutationFn: createFeedback,
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.lists });
      if (canGoBack()) void navigate(-1);
      else void navigate('/feedback-messages', { replace: true });
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  return (
    <section className="grid max-w-3xl gap-4">
      <PageHeader title={t('feedback.create.title')}>
        <Button variant="outline" onClick={() => void navigate('/feedback-messages')}>
          <ArrowLeft /> {t('common.back')}
        </Button>
      </PageHeader>
      <form
        noValidate
        data-testid="create-feedback-form"
        // handleSubmit validates every field and shows every error, touched or not.
        onSubmit={form.handleSubmit((body) => send.mutate(body))}
        className="grid gap-5 rounded-md border border-border bg-background p-6"
      >
        {/* Once sent, the page goes back by itself; the guard stays off after success, or the back
            navigation's popstate can arrive after the form re-renders as changed and be blocked. */}
        <LeaveGuard when={changed && !send.isPending && !send.isSuccess} />
        <FormField id="feedback-title" label={t('feedback.fields.title')} error={errors.title?.message}>
          <Input id="feedback-title" aria-invalid={!!errors.title} autoComplete="off" maxLength={255} {...form.register('title')} />
        </FormField>
        <FormField id="feedback-recipient" label={t('feedback.fields.recipient')} error={errors.to_user_id?.message}>
          <Controller
            control={form.control}
            name="to_user_id"
            render={({ field }) => (
              <RecipientPicker
                id="feedback-recipient"
                users={recipients.data ?? []}
                loading={recipients.isPending}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!errors.to_user_id}
              />
            )}
          />
        </FormField>
        <FormField id="feedback-message" label={t('feedback.fields.message')} error={errors.message?.message}>
          <Controller
            control={form.control}
            name="message"
            render={({ field }) => (
              <LazyRichTextEditor
                id="feedback-message"
                label={t('feedback.fields.message')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={!!errors.message}
                height={FEEDBACK_EDITOR_HEIGHT}
              />
            )}
          />
        </FormField>
        <div className="flex gap-2">
          <Button type="submit" disabled={send.isPending}>
            <Send /> {t('feedback.create.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}
