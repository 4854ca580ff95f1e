# Bar chart of throughput per tool, drawn by summarize.py:
#   gnuplot -e "datafile='build/bench/full/summary.dat'" \
#           -e "outfile='bench/results/summary.svg'" \
#           -e "plottitle='...'" -e "nrows=N" bench/plot.gp
# summary.dat, written with a run's raw files: tab-separated tool name,
# MB/s, colour class (0 floor, 1 jfmt, 2 other).  The chart (SVG) goes
# beside SUMMARY.md, which shows it.  The defaults below are those of a
# full run, from the repository root.

if (!exists("datafile")) datafile = 'build/bench/full/summary.dat'
if (!exists("outfile")) outfile = 'bench/results/summary.svg'
if (!exists("plottitle")) plottitle = 'Throughput, MB/s'
if (!exists("nrows")) nrows = 10

set terminal svg size 900, (120 + 42 * nrows) dynamic enhanced font 'sans,13' background rgb 'white'
set output outfile
set datafile separator "\t"

set title plottitle noenhanced
set xlabel 'MB/s (higher is better)'
set xrange [0:*]
set offsets 0, graph 0.18, 0.6, 0.6
set ytics nomirror scale 0 noenhanced
set xtics nomirror
set grid xtics lc rgb '#dddddd'
set border 3
set style fill solid 0.85 border -1
unset key

colour(c) = (c == 0 ? 0x888888 : c == 1 ? 0x1f77b4 : 0xe07b39)

# one horizontal bar per row: x from 0 to the rate, y = row number +- 0.35
plot datafile using ($2/2):0:(0):2:($0-0.35):($0+0.35):(colour($3)):ytic(1) \
         with boxxyerror lc rgb variable, \
     '' using 2:0:($2 >= 100 ? sprintf('%.0f', $2) : sprintf('%.3g', $2)) with labels left offset char 0.6,0 noenhanced
