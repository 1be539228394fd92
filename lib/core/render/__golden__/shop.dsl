# Architecture DSL (Structurizr DSL) of project "Shop", revision "Release 1.4" (00000000-0000-4000-8000-00000000012d), model version 42.
# Not written: fact labels, provenance, status, stale marks, icons, line shapes, owners, messages, schemas, operations, channels, subscriptions, bindings, scenarios, costs, comments, saved layouts.
# Moved to the top level (actors, and elements inside a person or component, with their contents):
#   "Clerk" (element 00000000-0000-4000-8000-00000000000a), inside "Warehouse" in the model
workspace "Shop" {

    model {
        !impliedRelationships false

        audit_log = softwareSystem "Audit Log" "" "Database" {
            properties {
                "technology" "S3"
            }
        }
        clerk = person "Clerk"
        customer = person "Customer" "Buys things from the shop, on the web or the phone app."
        payment_provider = softwareSystem "Payment Provider" "An external card processor that the shop calls to charge and refund cards; it answers within two seconds and retries webhooks for a day." {
            properties {
                "technology" "SaaS"
            }
        }
        shop = softwareSystem "Shop" "Takes orders, charges cards and hands parcels to the warehouse." {
            properties {
                "technology" "Kubernetes"
            }
            api = container "API" "Orders, carts and prices behind one JSON API." "Node.js" {
                pricing = component "Pricing" "Applies discounts and taxes." "TypeScript"
            }
            orders_db = container "Orders DB" "" "PostgreSQL 16" "Database"
            web_app = container "Web App" "The storefront people browse and order in." "React"
        }
        warehouse = softwareSystem "Warehouse" "Picks, packs and ships."

        customer -> shop "Places orders" "HTTPS"
        customer -> web_app "Browses"
        payment_provider -> payment_provider "Retries webhooks"
        shop -> audit_log "Writes audit entries" "JDBC"
        shop -> payment_provider "Charges cards" "REST" "Behavioural"
        shop -> warehouse "Ships orders" "AMQP" "Behavioural"
        # Not written (between an element and one that contains it): api -> pricing "Prices carts"
        api -> orders_db "Reads and writes" "SQL"
        web_app -> api "Calls" "JSON/HTTPS" "Behavioural"
        # Not written (repeats the label of relationship 00000000-0000-4000-8000-00000000006a between the same two elements): web_app -> api "Calls" "WebSocket"
        warehouse -> shop "Stock updates"
    }

    views {
        # View "API components" (00000000-0000-4000-8000-0000000000cb): layout fingerprint sha256:fb10817d25a81db10dcc057b58a6a7fd459f6d6ffcdc898433bb5a1c46ab16ec
        component api "api_components" "API components" {
            include *
            autoLayout
        }
        # View "Customer" (00000000-0000-4000-8000-0000000000cc) is not written: its root "Customer" is a person; layout fingerprint sha256:d8205eb90db39a6380a2be10c084eff34b1c7671ac187597dbf5c156cd7aafb2
        # View "Landscape, arranged" (00000000-0000-4000-8000-0000000000cd): layout fingerprint sha256:5ebe295fd32b2d9966e10426cb97b1a4604d4e352a532fa2b875aaca8efd563f
        systemLandscape "landscape_arranged" "Landscape, arranged" {
            include *
            autoLayout
        }
        # View "Shop containers" (00000000-0000-4000-8000-0000000000ca): layout fingerprint sha256:d4747c4f006daaf2dd308f81d00286674ca3b2935eb87617db7eb4bc4fbd8d2b
        container shop "shop_containers" "Shop containers" {
            include *
            autoLayout
        }
        # View "System landscape" (00000000-0000-4000-8000-0000000000c9): layout fingerprint sha256:fd5b65f41926acc445096b7718b89caa5f5c32c33df21c26586bc78c6106ff26
        systemLandscape "system_landscape" "System landscape" {
            include *
            autoLayout
        }

        styles {
            element "Database" {
                shape cylinder
            }
            relationship "Behavioural" {
                color #2dd4bf
                thickness 4
            }
        }
    }
}
