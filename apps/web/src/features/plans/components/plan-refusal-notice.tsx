/** The server's refusal that names no field, shown in the dialog beside the toast until the next try. */
export const PlanRefusalNotice = ({ message }: { message: string | null }) =>
  message ? (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm"
    >
      {message}
    </p>
  ) : null;
