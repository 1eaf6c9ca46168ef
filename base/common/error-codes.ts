/**
 * Every code an AppError (or an AppErrorShape in an envelope) can carry: the one list that the
 * contract, the services, the command line and the UI share, so a misspelt or retired code is a
 * compile error wherever it is produced or compared. One meaning per code; the embedded
 * sandbox's API answers carry their own codes in their bodies and are not listed here.
 */
export const errorCodes = [
  // The IPC boundary (app/ipc/dispatch.ts, and the UI's unwrap).
  'unknown-channel', // a call names a channel the contract does not have
  'forbidden-sender', // a call came from a page or frame that is not EventDesk's own window
  'invalid-input', // a call's payload does not fit its channel's schema
  'invalid-output', // an answer, or an error, does not fit the contract
  'internal', // a handler failed with something other than an AppError: a bug
  'services-restarted', // the services' thread stopped (out of memory, a crash) while the call was under way, and was restarted: try again
  'services-stopped', // the services' thread stopped too often to be restarted again: quit and reopen EventDesk
  'services-closing', // EventDesk is quitting: the services take no new work (a send still being read is not recorded)

  // Environments and their secrets.
  'environment-not-found', // the environment (or the one a submission was sent to) no longer exists
  'import-not-json', // the file to import environments from is not JSON
  'import-not-environments', // the file to import is JSON but not an EventDesk environment export
  'missing-api-key', // the environment has no API key to send with
  'no-server-address', // the base URL is not http(s), so no secret is kept or sent for it
  'secrets-for-another-server', // the stored secrets belong to another server than the one asked for

  // Logging in and the session.
  'invalid-username', // the username cannot be sent as typed
  'password-needed', // a login was asked for with no password typed or remembered
  'wrong-credentials', // the server refused the username or password (401, 403)
  'login-refused', // the server refused the login request with another non-2xx answer
  'server-error', // the server failed (5xx) while logging in
  'login-not-json', // the login answer is not JSON (often: the base URL is a web page)
  'login-answer-too-large', // the login answer is far larger than any token response
  'bad-token-response', // the login answer is JSON but not a Bearer token response EventDesk can read
  'token-already-expired', // the server issued a token that had expired already (time zone or clock off)
  'logged-out', // the user logged out while a login was under way
  'needs-login', // there is no live session: log in first

  // A request that got no answer.
  'timeout', // no answer within the request timeout
  'tls', // the server's certificate or secure connection is not trusted
  'unreachable', // the host name is unknown, nothing listens there, or the network cannot reach it
  'connection-reset', // the server closed the connection before answering
  'network', // the request failed before any answer, for another reason

  // Sending a batch.
  'batch-not-json', // the batch to send is not valid JSON
  'batch-empty', // the batch to send is not an array of at least one event
  'batch-too-deep', // the batch nests deeper than can be sent
  'batch-not-read-ahead', // no batch was read ahead under that key (the services started again since): send its text
  'template-problems', // the batch's templates cannot be resolved
  'already-sending', // this submission is being sent already, here or by another process
  'nothing-to-resume', // every chunk of the submission was acknowledged already
  'resume-unanswered', // a resume must say whether to send again or skip chunks that may have arrived

  // The history of submissions.
  'submission-not-found', // the submission is not (or no longer) in the history
  'chunk-not-found', // the submission has no such chunk
  'submission-chunks', // chunks given to the history do not cover the batch's events in order
  'submission-incomplete', // the history holds only part of a submission's batch (the disk filled while it was recorded): it cannot be resumed
  'submission-chunk-done', // only a pending or sending chunk can be split
  'submission-started-at', // a submission's start time is not a date
  'submission-status', // a submission cannot take that status
  'submission-duration', // a send's duration is not a whole, non-negative number of milliseconds
  'batch-too-large', // the batch is too large to record in the history
  'history-cursor-gone', // the history changed while being paged through; read it again from the top
  'history-unreadable', // the history database could not be opened
  'history-full', // the disk holding the history has no room to record a send, so nothing was sent
  'history-migration', // the history database could not be upgraded
  'history-newer', // the history was written by a newer EventDesk and is left untouched
  'history-corrupt', // the history file is damaged; it can be set aside for a fresh one
  'history-not-damaged', // setting aside was asked for, but the history file is not damaged
  'history-set-aside', // the damaged history file could not be moved aside

  // Exporting history.
  'export-nothing-chosen', // an export was asked for with no submission chosen
  'export-too-large', // the chosen submissions are too large for one export file

  // Files and drafts.
  'file-missing', // the file is no longer there
  'file-too-large', // the file is larger than EventDesk opens
  'file-not-recent', // a recent file was asked for that is not in the recent list
  'file-not-chosen', // a save to a path the user did not choose in a dialog
  'draft-id', // a draft id holds characters other than letters, digits, - and _
  'draft-out-of-step', // edits to a draft were saved against another revision than the one kept: save its whole text
  'draft-unknown', // the original ids of a pseudonymize were to be kept beside a draft that is not saved (closed, or its first save failed)

  // The desktop around the app.
  'open-path-failed', // the system could not open a file or folder
  'no-clipboard', // there is no clipboard (the command line)
  'no-file-manager', // there is no file manager (the command line)

  // Date-times and time zones.
  'date-time-format', // a date-time is not in the form YYYY-MM-DD HH:MM:SS
  'date-time-date', // a date-time's date is not in the calendar
  'date-time-time', // a date-time's time is not a time of day
  'time-zone', // not a known IANA time zone

  // Batch transforms.
  'pseudonym-key', // the pseudonym key in the data folder cannot be read or made

  // The embedded sandbox, as the app and the command line run it.
  'no-sandbox', // the embedded sandbox is not running
  'sandbox-options', // the sandbox's start options are invalid
  'sandbox-listen', // the sandbox cannot listen on its host and port
  'sandbox-log', // the sandbox cannot write its traffic log
  'sandbox-faults', // a change to the sandbox's fault injection is invalid

  // Comparing two batches event by event.
  'compare-not-json', // one side of a comparison is not JSON, so only its text can be compared
  'compare-not-array', // one side of a comparison is JSON but not an array of events

  // Tracking plans.
  'plan-not-json', // the plan file is not JSON
  'plan-invalid', // the plan file is JSON but not a tracking plan (no name, no events, an unknown severity)
  'plan-missing', // a plan file (the environment's, the sandbox's) is not where it is named
  'plan-too-large', // a plan file is larger than a plan is read
  'plan-not-utf8', // a plan file is not UTF-8 text
  'plan-unreadable', // a plan file cannot be read (permissions, a folder)

  // A plan's coverage by the history.
  'coverage-no-plan', // coverage was asked of the active environment's plan, and it names none
  'coverage-plan-not-chosen', // the plan file to measure against was not chosen in the dialog
  'coverage-plan-unusable', // the plan file is not JSON or has no "events" object: it has no kinds to count

  // Drafting a plan in the app (infer, import, save).
  'plan-source-unreadable', // what a plan is drafted from cannot be read: gone, too large, not UTF-8, a folder with no .json file
  'plan-source-format', // what a plan is drafted from is not the format asked for (no batch of events, not that tool's export)
  'plan-unwritable', // the drafted plan cannot be written where the user chose (permissions, a full disk)
  'plan-not-chosen', // an environment was asked to use a plan file the user did not choose or save in a dialog

  // The embedded sandbox's port.
  'sandbox-port-taken', // another program listens on the port the sandbox was asked to take

  // The capture: what the sandbox received, kept in the data folder.
  'capture-unreadable', // the capture file could not be opened (a damaged one is set aside for a fresh one)
  'capture-migration', // the capture file could not be upgraded
  'capture-newer', // the capture file was written by a newer EventDesk and is left untouched
  'capture-request-gone', // a captured request asked for is no longer kept (cleared, or dropped by the retention)

  // Forwarding from the embedded sandbox (the Sandbox tab's "Forward to").
  'sandbox-forward-invalid', // the upstream to forward to is not a usable base URL, or its timeout is out of range
  'sandbox-forward-loop', // the upstream to forward to is the sandbox itself (Local sandbox, or a URL that resolves to its address)

  // The Sandbox tab's Events view: captured events filtered, paged and taken out.
  'capture-filter', // the Events view's filter expression cannot be read (its column and why)
  'capture-selection-stale', // the capture was cleared or trimmed since the events were selected
  'capture-selection-too-large', // more events, or more text, than one copy, batch or save takes
  'capture-event-missing', // the captured event asked for is no longer in the capture

  // Workspaces: a folder of environments, batches, plans and scenarios kept in git (issue #18).
  'workspace-not-found', // the folder, and every folder above it, has no eventdesk.json
  'workspace-manifest-invalid', // eventdesk.json is not JSON or not a workspace manifest: the whole workspace is refused
  'workspace-path-outside', // a path leaves the workspace: "..", an absolute path, or a link leading out of it
  'workspace-not-open', // a workspace file was asked for with no workspace open
  'workspace-unreadable', // a file or folder of the workspace cannot be read (permissions, gone)
  'workspace-unwritable', // a file of the workspace cannot be written (permissions, a full disk)
  'workspace-not-recent', // the page asked to reopen a folder that is not in the recent workspaces main keeps
  'workspace-not-batch', // the page asked for a workspace file that is not one of its batches (batches/**/*.json|ndjson)
  'environment-in-workspace', // a workspace's environment is its file: it is removed by deleting the file, not from the app
  'workspace-busy', // a workspace cannot be opened or closed while a send is recorded in the open one's history

  // Running scenarios (features/runs/common/engine.ts).
  'run-no-environment', // a step sends with no environment named and the workspace has no default one
  'run-environment-missing', // a step names an environment the workspace does not have (or whose file does not load)
  'run-credentials', // eventdesk run: the variables lack a credential an environment needs (a username none gives)
  'run-report-unwritable', // eventdesk run --out: a report cannot be written there
  'run-busy', // the app runs one run of scenarios at a time
  'run-not-found', // a kept run that is gone (or never was)
  'run-scenario-missing', // the app was asked to run a scenario the open workspace does not have (or it has none)
  'run-secrets-missing', // an environment a run sends to lacks a login or an API key: asked for before the run, never found missing mid-run
] as const;

export type ErrorCode = (typeof errorCodes)[number];
