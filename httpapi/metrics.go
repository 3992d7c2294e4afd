package httpapi

import (
	"context"
	"strconv"
	"time"

	"github.com/addrkit/addrkit/batch/jobs"
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the API's Prometheus metrics.
type metrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// jobsCollector reports the jobs kept in each state when scraped.
type jobsCollector struct {
	jobs Jobs
	desc *prometheus.Desc
}

func (c jobsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c jobsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c.jobs.Counts(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, s := range []jobs.State{jobs.Queued, jobs.Processing, jobs.Completed, jobs.Failed, jobs.Cancelled} {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(counts[s]), string(s))
	}
}

func newMetrics(reg prometheus.Registerer, jobs Jobs) (*metrics, error) {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "addrkit_http_requests_total",
			Help: "HTTP requests answered, by route template, method and status code.",
		}, []string{"route", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "addrkit_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route template and method.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route", "method"}),
	}
	collectors := []prometheus.Collector{
		m.requests, m.latency,
		jobsCollector{jobs: jobs, desc: prometheus.NewDesc("addrkit_batch_jobs",
			"Batch jobs kept (not yet past their retention), by state.", []string{"state"}, nil)},
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "addrkit_batch_rows_processed_total",
			Help: "Data rows that batch jobs of this process have written to their outputs.",
		}, func() float64 { return float64(jobs.RowsWritten()) }),
	}
	for _, c := range collectors {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func (m *metrics) observe(route, method string, status int, took time.Duration) {
	if status == 0 {
		status = 200 // a handler that wrote nothing
	}
	switch method { // no label per made-up method
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
	default:
		method = "OTHER"
	}
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(route, method).Observe(took.Seconds())
}
