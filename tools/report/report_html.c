/* `--format html`: one self-contained page — inline CSS, JS and SVG, no
 * request to any network — with the run's summary, the findings (sortable
 * and filterable, each linked to its source line), the plots and the
 * annotated source. Built from the same model as the other formats; the
 * findings carry the JSON report's values in data- attributes. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "html_page.h"
#include "common/site_descriptor.h"
#include "finding_words.h"

static const char *base_name(const char *path) {
  const char *slash = path ? strrchr(path, '/') : NULL;
  return slash ? slash + 1 : path;
}

/* An MPI job (job.c) whose rank folders were not all merged whole. */
static void job_state(const oi_html_page *page) {
  const oi_profile *p = page->p;
  uint32_t incomplete = 0;
  for (uint32_t i = 0; i < p->rank_count; i++)
    incomplete += !p->ranks[i].problem && !p->ranks[i].complete;
  if (p->merged_ranks == p->rank_count && incomplete == 0)
    return;
  fprintf(page->out,
          "<div id=\"trace-state\" class=\"banner warn\" role=\"alert\" "
          "data-state=\"job\">%" PRIu32 " of %" PRIu32 " ranks merged, %" PRIu32
          " of them without an end record: counts and times below miss the rest "
          "(see ompt-inst report's warnings).</div>\n",
          p->merged_ranks, p->rank_count, incomplete);
}

/* A trace that is not whole says so before anything else. */
static void trace_state(const oi_html_page *page) {
  const oi_profile *p = page->p;
  const oi_trace_reader *t = p->trace;
  FILE *out = page->out;
  if (!t) {
    job_state(page);
  } else if (p->unstarted_runtime) {
    fprintf(out, "<div id=\"trace-state\" class=\"banner warn\" role=\"alert\" "
                 "data-state=\"unstarted\">Nothing was recorded: the program's OpenMP runtime, ");
    oi_html_text(out, p->unstarted_runtime);
    fprintf(out, ", %s: ", oi_unstarted_runtime_state(p->unstarted_runtime));
    oi_html_text(out, oi_unstarted_runtime_why(p->unstarted_runtime));
    fputs(".</div>\n", out);
  } else if (p->damaged) {
    fputs("<div id=\"trace-state\" class=\"banner bad\" role=\"alert\" data-state=\"damaged\">"
          "Truncated trace: ",
          out);
    oi_html_text(out, t->error);
    fprintf(out,
            ". This page shows the %" PRIu64 " events before the damage; whatever the "
            "program did after them is missing.</div>\n",
            p->events);
  } else if (!t->complete) {
    fprintf(out,
            "<div id=\"trace-state\" class=\"banner warn\" role=\"alert\" "
            "data-state=\"incomplete\">Incomplete trace: no end record, the program did "
            "not finish normally (killed or crashed). This page shows the %" PRIu64
            " events recorded; regions still open are timed up to their thread's last "
            "event.</div>\n",
            p->events);
  } else if (t->end.lost_events) {
    fprintf(out,
            "<div id=\"trace-state\" class=\"banner warn\" role=\"alert\" "
            "data-state=\"lost\">%" PRIu64 " events were lost while recording: counts "
            "and times below miss them.</div>\n",
            (uint64_t)t->end.lost_events);
  }
}

static void item_start(FILE *out, const char *field, const char *label) {
  fprintf(out, "<div><dt>%s</dt><dd data-field=\"%s\">", label, field);
}

static void item(FILE *out, const char *field, const char *label, const char *value) {
  item_start(out, field, label);
  oi_html_text(out, value);
  fputs("</dd></div>\n", out);
}

static void summary(const oi_html_page *page) {
  const oi_profile *p = page->p;
  const oi_trace_reader *t = p->trace;
  FILE *out = page->out;
  char a[64], b[64], c[64];
  fputs("<section id=\"summary\" aria-labelledby=\"h-summary\">"
        "<h2 id=\"h-summary\">Summary</h2>\n<dl class=\"summary\">\n",
        out);
  item_start(out, "program", "Program");
  fputs("<code>", out);
  oi_html_text(out, p->argv ? p->argv : p->program ? p->program : "unknown");
  fputs("</code></dd></div>\n", out);
  item(out, "run", "Run folder", page->o->run_dir);
  item_start(out, "trace", "Trace");
  if (!t)
    fprintf(out, "MPI job: %" PRIu32 " ranks merged of %" PRIu32, p->merged_ranks, p->rank_count);
  else
    fputs(p->damaged ? "truncated" : t->complete ? "complete" : "incomplete", out);
  if (t && t->complete)
    fprintf(out, ", %" PRIu64 " events lost", (uint64_t)t->end.lost_events);
  fputs("</dd></div>\n", out);
  item(out, "duration", "Run time", oi_format_ns(p->duration_ns, a, sizeof a));
  snprintf(a, sizeof a, "%" PRIu32, p->thread_count);
  item(out, "threads", "Threads", a);
  item_start(out, "devices", "Devices");
  fprintf(out, "%" PRIu32, p->device_count);
  for (uint32_t i = 0; i < p->device_count; i++)
    fprintf(out, "%s%" PRId32, i ? ", " : " (", p->devices[i]);
  fputs(p->device_count ? ")</dd></div>\n" : "</dd></div>\n", out);
  snprintf(a, sizeof a, "%" PRIu64, p->events);
  item(out, "events", "Events", a);
  if (p->runtime)
    item(out, "runtime", "Runtime", p->runtime);
  const char *source = oi_data_op_source_words(p);
  item(out, "data-ops", "Data operations", source ? source : "none");
  const char *hashing = oi_profile_hashing(p);
  item(out, "hashing", "Hashing", hashing ? hashing : "not recorded");
  snprintf(a, sizeof a, "%zu", oi_profile_bug_count(p));
  item(out, "bugs", "Mapping bugs", a);
  snprintf(a, sizeof a, "%zu", p->finding_count - oi_profile_bug_count(p));
  item(out, "findings", "Findings", a);
  const oi_analysis_totals *tot = p->totals;
  if (tot) {
    item_start(out, "potential", "Avoidable");
    fprintf(out, "%s and %s of transfers</dd></div>\n", oi_format_ns(tot->saved_ns, a, sizeof a),
            oi_format_bytes(tot->saved_bytes, b, sizeof b));
    item_start(out, "speedup", "Predicted speedup");
    fprintf(out, "%.2fx (%s &rarr; %s)%s</dd></div>\n", tot->speedup,
            oi_format_ns(tot->measured_ns, a, sizeof a),
            oi_format_ns(tot->predicted_ns, c, sizeof c),
            tot->upper_bound ? ", an upper bound" : "");
  }
  fputs("</dl>\n</section>\n", out);
}

/* A link to a source line of the page, or the place as text. */
static void source_link(const oi_html_page *page, const char *file, unsigned line, const char *text,
                        const char *class_name) {
  FILE *out = page->out;
  int index = oi_html_file_index(page, oi_listing_canonical(&page->listing, file));
  if (index >= 0 && line)
    fprintf(out, "<a class=\"%s\" href=\"#L%d-%u\">", class_name, index, line);
  oi_html_text(out, text);
  if (index >= 0 && line)
    fputs("</a>", out);
}

static void finding_row(const oi_html_page *page, size_t k) {
  const oi_profile *p = page->p;
  const oi_finding *f = &p->findings[k];
  FILE *out = page->out;
  char a[64], b[64], where[512];
  const char *kind = oi_finding_kind_name(f->kind);
  fprintf(out, "<tr id=\"finding-%zu\" tabindex=\"0\" data-finding-kind=\"%s\" data-var=\"", k + 1,
          kind);
  oi_html_text(out, oi_profile_finding_var(p, f));
  fputs("\" data-file=\"", out);
  oi_html_text(out, f->at.file ? f->at.file : "");
  fprintf(out,
          "\" data-line=\"%u\" data-op=\"%s\" data-device=\"%" PRId32 "\" data-count=\"%" PRIu64
          "\" data-total=\"%" PRIu64 "\" data-bytes=\"%" PRIu64 "\" data-time-ns=\"%" PRIu64
          "\" data-probable=\"%s\" data-class=\"%s\">\n",
          f->at.line, oi_data_op_name(f->op), f->device, f->count, f->total, f->bytes, f->time_ns,
          f->sampled ? "true" : "false", oi_finding_class(f));
  fprintf(out, "<td class=\"num\" data-v=\"%zu\">%zu</td><td><span class=\"kind\">%s</span>", k + 1,
          k + 1, kind);
  if (oi_finding_is_bug(f->kind))
    fputs(" <span class=\"bug\">mapping bug</span>", out);
  if (f->sampled)
    fputs(" <span class=\"probable\">probable (sampled hashes)</span>", out);
  fputs("</td><td><code>", out);
  oi_html_text(out, oi_profile_finding_var(p, f));
  fputs("</code></td><td>", out);
  oi_place_text(&p->places[p->finding_places[k]], false, where, sizeof where);
  source_link(page, f->at.file, f->at.line, where, "src-link");
  char counts[160];
  fprintf(out, "</td><td class=\"num\" data-v=\"%" PRIu64 "\">%s</td>", f->count,
          oi_finding_counts(f, counts, sizeof counts));
  fprintf(out,
          "<td class=\"num\" data-v=\"%" PRIu64 "\">%s</td><td class=\"num\" data-v=\"%" PRIu64
          "\">%s</td><td>",
          f->bytes, oi_format_bytes(f->bytes, a, sizeof a), f->time_ns,
          oi_format_ns(f->time_ns, b, sizeof b));
  char advice[1024];
  oi_html_text(out, oi_profile_finding_advice(p, f, advice, sizeof advice));
  const char *other = oi_profile_finding_vars(p, f).other;
  bool other_end = f->kind == OI_FINDING_ROUND_TRIP || f->kind == OI_FINDING_IDENTICAL_CONTENT;
  if (other_end && f->other.file && f->other.line) {
    fputs(f->kind == OI_FINDING_ROUND_TRIP ? " <span class=\"note\">(sent out at "
                                           : " <span class=\"note\">(first held by ",
          out);
    if (f->kind == OI_FINDING_IDENTICAL_CONTENT && other) {
      fputs("<code>", out);
      oi_html_text(out, other);
      fputs("</code> at ", out);
    }
    snprintf(where, sizeof where, "%s:%u", base_name(f->other.file), f->other.line);
    source_link(page, f->other.file, f->other.line, where, "other-link");
    fputs(")</span>", out);
  }
  fputs("</td></tr>\n", out);
}

static void header_cell(FILE *out, const char *key, const char *type, const char *label) {
  fprintf(out,
          "<th scope=\"col\" data-key=\"%s\" data-type=\"%s\"%s><button type=\"button\">"
          "%s</button></th>",
          key, type, strcmp(type, "number") == 0 ? " class=\"num\"" : "", label);
}

static void findings(const oi_html_page *page) {
  const oi_profile *p = page->p;
  FILE *out = page->out;
  fprintf(out,
          "<section id=\"findings\" aria-labelledby=\"h-findings\">"
          "<h2 id=\"h-findings\">Findings (%zu)</h2>\n",
          p->finding_count);
  if (p->finding_count == 0) {
    /* the words every format says, as a sentence */
    fprintf(out, "<p>%c%s.</p>\n</section>\n", toupper((unsigned char)OI_NO_FINDINGS_WORDS[0]),
            OI_NO_FINDINGS_WORDS + 1);
    return;
  }
  const oi_analysis_totals *t = p->totals;
  char potential[256];
  fprintf(out,
          "<p class=\"potential\">%s. Sort by a column's header; Enter on a row goes to "
          "its source line.</p>\n",
          oi_potential_words(t, "&rarr;", potential, sizeof potential));
  fputs("<div class=\"controls\" id=\"finding-controls\"></div>\n"
        "<table id=\"finding-table\"><caption class=\"note\">Data-mapping findings, most "
        "avoidable time first</caption>\n<thead><tr>",
        out);
  header_cell(out, "rank", "number", "#");
  header_cell(out, "kind", "text", "Kind");
  header_cell(out, "var", "text", "Variable");
  header_cell(out, "place", "text", "Where");
  header_cell(out, "count", "number", "Operations");
  header_cell(out, "bytes", "number", "Bytes");
  header_cell(out, "time", "number", "Time");
  header_cell(out, "fix", "text", "Fix");
  fputs("</tr></thead>\n<tbody>\n", out);
  for (size_t k = 0; k < p->finding_count; k++)
    finding_row(page, k);
  fputs("</tbody></table>\n</section>\n", out);
}

/* A run whose runtime never started: its sources' directives instead of
 * findings and plots, which would show an empty run as a verdict. */
static void unseen_directives(const oi_html_page *page) {
  const oi_unseen_directives *u = &page->p->unseen;
  FILE *out = page->out;
  fputs("<section id=\"unseen\" aria-labelledby=\"h-unseen\"><h2 id=\"h-unseen\">OpenMP "
        "directives the runtime never saw</h2>\n",
        out);
  if (u->missing || !u->count) {
    fputs("<p>", out);
    oi_html_text(out, u->missing ? u->missing : "The program's sources hold no OpenMP directive.");
    fputs("</p>\n</section>\n", out);
    return;
  }
  fputs("<table class=\"unseen\"><thead><tr><th scope=\"col\">Where</th><th scope=\"col\">"
        "Directive</th></tr></thead><tbody>\n",
        out);
  for (size_t i = 0; i < u->count; i++) {
    char where[300];
    snprintf(where, sizeof where, "%s:%ld", base_name(u->at[i].file), u->at[i].line);
    fputs("<tr><td>", out);
    source_link(page, u->at[i].file, (unsigned)u->at[i].line, where, "place");
    fputs("</td><td><code>", out);
    oi_html_text(out, u->at[i].text);
    fputs("</code></td></tr>\n", out);
  }
  fputs("</tbody></table>\n</section>\n", out);
}

static void plots(const oi_html_page *page) {
  fputs("<section id=\"plots\" aria-labelledby=\"h-plots\"><h2 id=\"h-plots\">Plots</h2>\n",
        page->out);
  oi_html_timeline(page);
  oi_html_data_movement(page);
  oi_html_device_memory(page);
  oi_html_thread_time(page);
  fputs("</section>\n", page->out);
}

static void head(const oi_html_page *page) {
  FILE *out = page->out;
  const char *program = page->p->program ? base_name(page->p->program) : page->o->run_dir;
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"generator\" content=\"ompt-inst report --format html\">\n<title>",
        out);
  oi_html_text(out, program);
  fputs(" &ndash; ompt-inst report</title>\n<style>\n", out);
  fputs(oi_html_style, out);
  bool unstarted = page->p->unstarted_runtime != NULL; /* no findings: its directives */
  fprintf(out,
          "</style>\n</head>\n<body>\n<a class=\"skip\" href=\"#%s\">Skip to %s</a>\n"
          "<header>\n<h1>ompt-inst report: ",
          unstarted ? "unseen" : "findings", unstarted ? "directives" : "findings");
  oi_html_text(out, program);
  fputs("</h1>\n", out);
  trace_state(page);
  fputs("<nav aria-label=\"Sections\"><ul><li><a href=\"#summary\">Summary</a></li>", out);
  fputs(unstarted ? "<li><a href=\"#unseen\">Directives</a></li>"
                  : "<li><a href=\"#findings\">Findings</a></li><li><a href=\"#plots\">Plots</a>"
                    "</li><li><a href=\"#source\">Annotated source</a></li>",
        out);
  fputs("</ul></nav>\n</header>\n<main>\n", out);
}

int oi_write_html(const oi_profile *p, const oi_report_options *o, FILE *out) {
  oi_html_page page = {.p = p, .o = o, .out = out};
  int failed = oi_listing_build(&page.listing, p);
  page.files = malloc((page.listing.count + 1) * sizeof *page.files);
  if (failed || !page.files) {
    oi_listing_free(&page.listing);
    free(page.files);
    fprintf(stderr, "ompt-inst: out of memory\n");
    return -1;
  }
  for (uint32_t i = 0; i < page.listing.count; i = oi_listing_group_end(&page.listing, i, false))
    page.files[page.file_count++] = oi_listing_file(&page.listing, i);
  head(&page);
  summary(&page);
  if (p->unstarted_runtime) {
    unseen_directives(&page);
  } else {
    findings(&page);
    plots(&page);
  }
  oi_html_source(&page);
  fputs("</main>\n<script>\n", out);
  fputs(oi_html_script, out);
  fputs("</script>\n</body>\n</html>\n", out);
  oi_listing_free(&page.listing);
  free(page.files);
  return 0;
}
