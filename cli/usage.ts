/** The help text of the `svc` command-line tool (part 2 "Command-line tool" and "Service commands"). */
import { serviceCommandUsage } from '../local/service-commands';
import { timeoutRange } from './scan-arguments';

export const cliUsage = `Usage: svc scan <dir>... [flags]     scan each directory and push it as a snapshot of a push Source
       svc diff <a> <b> [flags]      compare two model documents (JSON or YAML files), or a file and main
       svc check <dir>... [flags]    scan each directory and print its drift against main; store nothing
       svc --version                 print the version
       svc --help                    print this text
Service commands (on the machine that runs the service):
${serviceCommandUsage}
Flags of scan:
  --url URL                 address of the service (default $SVC_URL); plain http only to this machine
  --project ID              receiving project (default $SVC_PROJECT)
  --name NAME | DIR=NAME    Source name (default: the folder's name); with several directories use DIR=NAME
  --include PATH            scan only under this path, relative to the directory (repeatable)
  --exclude PATH            leave out this path (repeatable)
  --exclude-glob GLOB       leave out matching paths, in addition to the workspace's import.excludeGlobs (repeatable)
  --max-files N             lower the workspace's import.maxFiles for this scan
  --max-file-bytes N        lower import.maxFileBytes
  --max-total-bytes N       lower import.maxTotalBytes
  --dry-run                 scan and print the counts and the snapshot ID; push nothing
                            (without --url, --project and SVC_TOKEN the built-in import limits apply)
  --payload FILE            write the push bodies to FILE as a JSON array
  --timeout SECONDS         longest time of one request, ${timeoutRange.min} to ${timeoutRange.max} (default ${timeoutRange.default})
  --allow-http              send the token over plain http to another machine
Flags of diff:
  --format markdown|json    what to print (default markdown); a or b may be main: then --url, --project
                            (or SVC_URL, SVC_PROJECT) and SVC_TOKEN with the read scope, as for scan
Flags of check: those of scan but --dry-run and --payload, and
  --fail-on KINDS           exit 6 when one of these is found, comma-separated (default all three):
                            seen-not-documented,documented-not-seen,changed
  --format FORMAT           text (default), markdown (for a pull-request comment) or json
Environment:
  SVC_TOKEN                 agent token with the push scope (scan) or the read scope (check); the only way to give it
  SVC_URL, SVC_PROJECT      defaults of --url and --project
Exit codes:
  0 all pushed (or scanned with --dry-run)   1 a directory could not be read
  2 usage error (flag, value, directory or token missing or wrong)   3 the server refused the token
  4 the server refused the push (other extraction rules, a limit, a bad body, another push running)
  5 the server failed or could not be reached   6 check: drift of a kind --fail-on names was found
`;
