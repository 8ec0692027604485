# Broadsheet behind Varnish (docs/deploy.md, "Behind Varnish"; decision record in docs/decisions).
#
# Keeps what the site marks public for its s-maxage, serves it stale for its
# stale-while-revalidate while a fresh copy is fetched, and for up to an hour more while no
# instance answers (grace). Never keeps a signed-in reader's request or a `private` answer.
# Drops pages by the keys they name in `Surrogate-Key` (vmod xkey, Debian's varnish-modules)
# when an instance asks (VARNISH_URL), from the addresses of the `purgers` ACL only.
#
#   varnishd -a 127.0.0.1:6081 -f /etc/varnish/broadsheet.vcl -s malloc,256m
vcl 4.1;

import directors;
import std;
import xkey;

probe ready {
    # 503 from the moment an instance is told to stop (SIGTERM): it leaves the rotation
    # before it closes, and comes back once its migrations are checked.
    .url = "/readyz";
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

# The instance. Several: one backend each (instance2, instance3…), added to the round-robin
# director in vcl_init below.
backend instance1 { .host = "127.0.0.1"; .port = "3000"; .probe = ready; .connect_timeout = 1s; .first_byte_timeout = 30s; }

# The addresses a purge is accepted from: the site's instances (and the machine itself).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new instances = directors.round_robin();
    instances.add_backend(instance1);
}

sub vcl_recv {
    set req.backend_hint = instances.backend();
    if (req.restarts == 0) {
        unset req.http.X-Broadsheet-Fresh;
    }

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purge refused"));
        }
        # `xkey-softpurge: <keys>` (the site's default, VARNISH_PURGE=soft) marks the pages
        # stale: served once more while one fetch brings the new copy. `xkey: <keys>`
        # (VARNISH_PURGE=hard) drops them: the next reader waits for the new copy.
        if (req.http.xkey) {
            set req.http.X-Purged = xkey.purge(req.http.xkey);
        } elsif (req.http.xkey-softpurge) {
            set req.http.X-Purged = xkey.softpurge(req.http.xkey-softpurge);
        } else {
            return (synth(400, "Purge needs an xkey or xkey-softpurge header"));
        }
        return (synth(200, "Purged " + req.http.X-Purged));
    }

    # Tracking parameters name where a reader came from, never what a page shows: dropped as
    # the page cache drops them (server/page-cache.ts, TRACKING_PARAMETER), the rest sorted.
    if (req.url ~ "\?") {
        set req.url = regsuball(req.url, "#.*$", "");
        set req.url = regsuball(req.url, "(?i)([?&])(?:utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_ga|_gl|igshid|yclid|twclid|ttclid|li_fat_id|srsltid|_hsenc|_hsmi|mkt_tok)(?:=[^&]*)?(?=&|$)", "\1");
        set req.url = regsuball(req.url, "&{2,}", "&");
        set req.url = regsub(req.url, "\?&+", "?");
        set req.url = regsub(req.url, "[?&]+$", "");
        set req.url = std.querysort(req.url);
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A signed-in reader (the session or a flash message: app/infra/http-cache.server.ts,
    # hasPersonalCookie) is the app's, and so is the back office.
    if (req.http.Cookie ~ "(^|;\s*)(__Secure-)?broadsheet[._][^=]*=" || req.url ~ "^/(admin|api/auth)(/|\?|$)" || req.http.Authorization) {
        return (pass);
    }
    # The only other cookie a reader's page reads is the meter's (a metered story answers
    # `private` and is not kept); the rest (analytics…) would only split the cache.
    if (req.http.Cookie ~ "(^|;\s*)meter=") {
        set req.http.Cookie = regsub(req.http.Cookie, "^(?:.*;\s*)?(meter=[^;]*).*$", "\1");
    } else {
        unset req.http.Cookie;
    }
    if (req.http.X-Broadsheet-Fresh) {
        # Back from vcl_hit: the kept copy is too old to serve while an instance answers.
        set req.grace = 0s;
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    return (lookup);
}

sub vcl_hit {
    if (obj.ttl >= 0s) {
        return (deliver);
    }
    # Stale within the page's stale-while-revalidate: served while a fresh copy is fetched.
    if (obj.ttl + std.duration(obj.http.X-Broadsheet-SWR, 0s) > 0s) {
        return (deliver);
    }
    # Older: served only while no instance answers (an instance restarting, all of them down).
    if (!std.healthy(req.backend_hint)) {
        return (deliver);
    }
    set req.http.X-Broadsheet-Fresh = "1";
    return (restart);
}

sub vcl_backend_fetch {
    unset bereq.http.X-Broadsheet-Fresh;
}

sub vcl_backend_response {
    if (beresp.status >= 500) {
        # A refresh in the background that fails keeps the stale copy. A request that waited
        # for this fetch gets a 503 and the next one for the page tries again, one at a time:
        # no "hit-for-miss" here, which would send every reader of the page to instances that
        # have just refused a render (their queue full: decision 0047).
        return (abandon);
    }
    if (beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)" || beresp.http.Set-Cookie || beresp.http.Surrogate-Control ~ "(?i)no-store" || !(beresp.http.Cache-Control ~ "(?i)(public|s-maxage|max-age)") || beresp.ttl <= 0s) {
        # Not kept; later requests go on to the instances without waiting for one another,
        # and a public answer later is kept again (hit-for-miss).
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # The page's keys (its Surrogate-Key), and `chrome`: the masthead and navigation show on
    # every page that names keys, so a change of the chrome drops those pages and nothing else
    # (the build's scripts and styles name none and stay).
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key + " chrome";
    } elsif (bereq.url !~ "^/assets/") {
        set beresp.http.xkey = "chrome";
    }
    # Varnish reads s-maxage into the time to live and stale-while-revalidate into the grace;
    # the latter is kept with the copy, and the grace made an hour for an outage (vcl_hit).
    set beresp.http.X-Broadsheet-SWR = beresp.grace + "s";
    set beresp.grace = 1h;
    return (deliver);
}

sub vcl_backend_error {
    # Nothing listening (an instance gone; a draining one closes its connections instead of
    # answering 503): the next one in the director is asked.
    if (bereq.retries < 2 && bereq.method ~ "^(GET|HEAD)$") {
        return (retry);
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    unset resp.http.X-Broadsheet-SWR;
    if (obj.uncacheable) {
        set resp.http.X-Varnish-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain";
        set resp.body = resp.reason + {"
"};
        return (deliver);
    }
}
